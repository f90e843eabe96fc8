import { ImageIcon, ImageOff } from 'lucide-react';
import { useState, type ComponentPropsWithoutRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FileImage } from '../../files/components/file-image';
import { classifyImageSource } from '../image-source';

type ImageProps = Omit<ComponentPropsWithoutRef<'img'>, 'src'> & { src?: string | null };

const pageOrigin = () => globalThis.location?.origin ?? 'http://localhost';

/**
 * A reply's image: the app's own and inline images show; another host's image is a button naming the host that
 * loads it when clicked (no request before), and a plain-http one elsewhere is named but never loaded.
 */
export function MarkdownImage({ src, alt, ...props }: ImageProps) {
  const { t } = useTranslation();
  const [load, setLoad] = useState(false);
  const source = classifyImageSource(src, pageOrigin());
  const image = (url: string) => (
    <img {...props} src={url} alt={alt ?? ''} loading="lazy" decoding="async" referrerPolicy="no-referrer" />
  );
  switch (source.kind) {
    case 'none':
      return alt ? <span>{alt}</span> : null;
    case 'own':
      // The file route answers its owner only: the bytes come with the user's token, shown from a blob.
      return <FileImage {...props} path={source.src} alt={alt ?? ''} loading="lazy" decoding="async" />;
    case 'inline':
      return image(source.src);
    case 'insecure':
      return (
        <span className="md-image-placeholder" title={source.src} data-image-state="insecure">
          <ImageOff className="size-4 shrink-0" aria-hidden="true" />
          <span>{t('com_ui_render_image_insecure', { host: source.host })}</span>
        </span>
      );
    case 'remote':
      if (load) return image(source.src);
      return (
        <button
          type="button"
          className="md-image-placeholder"
          title={source.src}
          data-image-state="blocked"
          onClick={() => setLoad(true)}
        >
          <ImageIcon className="size-4 shrink-0" aria-hidden="true" />
          <span>{t('com_ui_render_image_load', { host: source.host })}</span>
          {alt ? <span className="md-image-alt">{alt}</span> : null}
        </button>
      );
  }
}
