import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { SPEC_ERRORS, SPEC_VALID_MESSAGE, type ParseOpenApiResult, type SpecError } from '@parley/shared';

// The parser's fixed sentences in the user's language; its details (what JSON or YAML said) stay as worded.
const KNOWN: Record<string, string> = {
  [SPEC_VALID_MESSAGE]: 'com_assistants_spec_valid',
  [SPEC_ERRORS.noServer]: 'com_assistants_spec_no_server',
  [SPEC_ERRORS.noPaths]: 'com_assistants_spec_no_paths',
  [SPEC_ERRORS.parse]: 'com_assistants_spec_parse_error',
};
const say = (message: string, t: TFunction) => (KNOWN[message] ? t(KNOWN[message]) : message);

function place(error: SpecError, t: TFunction): string {
  if (error.line === undefined) return '';
  return error.column === undefined
    ? t('com_assistants_spec_at_line', { line: error.line })
    : t('com_assistants_spec_at', { line: error.line, column: error.column });
}

/**
 * What the parse of the schema says, under the box: "OpenAPI spec is valid.", the warnings (an unknown response
 * component), or the errors with their line and column. The parser's texts are shown as it words them.
 */
export function SpecStatus({
  id,
  result,
  parsing,
}: {
  id: string;
  result: ParseOpenApiResult | null;
  parsing: boolean;
}) {
  const { t } = useTranslation();
  if (parsing) {
    return (
      <p id={id} className="text-xs text-zinc-500 dark:text-zinc-400">
        {t('com_assistants_spec_parsing')}
      </p>
    );
  }
  if (!result) return <p id={id} className="sr-only" />;
  if (!result.ok) {
    return (
      <ul
        id={id}
        role="alert"
        data-testid="spec-errors"
        className="flex flex-col gap-0.5 text-xs text-rose-700 dark:text-rose-400"
      >
        {result.errors.map((error, i) => (
          <li key={i} className="break-words">
            {say(error.message, t)}
            {place(error, t)}
          </li>
        ))}
      </ul>
    );
  }
  const warned = result.warnings.length > 0;
  return (
    <p
      id={id}
      role="status"
      data-testid="spec-status"
      className={`text-xs break-words whitespace-pre-line ${warned ? 'text-amber-700 dark:text-amber-400' : 'text-teal-700 dark:text-teal-400'}`}
    >
      {warned ? result.warnings.join('\n') : say(result.message, t)}
    </p>
  );
}
