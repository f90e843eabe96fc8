import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { beforeAll, describe, expect, it } from 'vitest';
import { initEnglishTexts } from '../i18n/english.test-helpers';
import MarkdownRenderer from './components/markdown-renderer';
import { classifyImageSource } from './image-source';

const ORIGIN = 'https://chat.example.org';

describe('classifyImageSource', () => {
  it("shows the app's own file routes and inline images at once", () => {
    expect(classifyImageSource('/api/files/download/f1', ORIGIN)).toEqual({
      kind: 'own',
      src: '/api/files/download/f1',
    });
    expect(classifyImageSource(`${ORIGIN}/api/files/download/f2?x=1`, ORIGIN)).toEqual({
      kind: 'own',
      src: '/api/files/download/f2?x=1',
    });
    expect(classifyImageSource('data:image/png;base64,iVBORw0KGgo=', ORIGIN).kind).toBe('inline');
    expect(classifyImageSource('blob:https://chat.example.org/1234', ORIGIN).kind).toBe('inline');
  });

  it('holds back an image from any other host, naming the host (port included)', () => {
    expect(classifyImageSource('https://evil.example/p.png?q=secret', ORIGIN)).toEqual({
      kind: 'remote',
      src: 'https://evil.example/p.png?q=secret',
      host: 'evil.example',
    });
    expect(classifyImageSource('//cdn.example:8443/a.png', ORIGIN)).toMatchObject({
      kind: 'remote',
      host: 'cdn.example:8443',
    });
    // Another path of this origin is not a file the user uploaded: it waits too.
    expect(classifyImageSource('/api/auth/logout', ORIGIN)).toMatchObject({ kind: 'remote' });
    expect(classifyImageSource('/api/files/usage', ORIGIN)).toMatchObject({ kind: 'remote' });
    // A look-alike host is another host.
    expect(classifyImageSource('https://chat.example.org.evil.example/api/files/x', ORIGIN).kind).toBe(
      'remote',
    );
  });

  it('never loads plain http from elsewhere, and drops what is no image address', () => {
    expect(classifyImageSource('http://127.0.0.1:9/pixel.png', ORIGIN)).toEqual({
      kind: 'insecure',
      src: 'http://127.0.0.1:9/pixel.png',
      host: '127.0.0.1:9',
    });
    for (const src of [
      undefined,
      '',
      '  ',
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      'http://[bad',
    ]) {
      expect(classifyImageSource(src, ORIGIN), String(src)).toEqual({ kind: 'none' });
    }
  });
});

describe('images in a rendered reply (before any click)', () => {
  beforeAll(initEnglishTexts);
  const render = (text: string) =>
    renderToStaticMarkup(
      createElement(
        QueryClientProvider,
        { client: new QueryClient() },
        createElement(MarkdownRenderer, { text, latex: false }),
      ),
    );

  it('renders a remote image as a button naming its host, with no <img> to fetch it', () => {
    const html = render('Look: ![a cat](https://evil.example/cat.png?leak=abc)');
    expect(html).not.toContain('<img');
    expect(html).toContain('<button type="button" class="md-image-placeholder"');
    expect(html).toContain('Load image from evil.example');
    expect(html).toContain('a cat');
  });

  it("renders the app's own file image at once, fetched with the user's token (a box while it loads)", () => {
    const html = render('![mine](/api/files/download/f1)');
    expect(html).toContain('role="img" aria-label="mine" aria-busy="true"');
    expect(html).not.toContain('<button');
  });

  it('names a plain-http image without loading it or offering to', () => {
    const html = render('![x](http://127.0.0.1:9/pixel.png)');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<button');
    expect(html).toContain('Image from 127.0.0.1:9 not shown');
  });
});
