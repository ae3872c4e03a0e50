import { useState } from 'preact/hooks';
import { copyText } from '../copy';
import { Visible } from './Visible';
import { tr } from '../../i18n/i18n';

/** Text that may be huge (a 5 MB delta, a 700,000-character message): a bounded preview, "show all" and copy. */
export function LongText({ text, limit = 8000, className = '', inline = false }: { text: string; limit?: number; className?: string; inline?: boolean }) {
  const [all, setAll] = useState(false);
  const cut = !all && text.length > limit;
  const Tag = inline ? 'span' : 'div';
  return (
    // The text is data (what the agent or the page sent): not translated; the controls after it are.
    <Tag class={className} translate={false}>
      <Visible text={cut ? text.slice(0, limit) : text} multiline />
      {cut && (
        <span class="long-more" translate={true}>
          {' '}{tr('longText.moreCharacters', { value: (text.length - limit).toLocaleString('en') })}{' '}
          <button type="button" class="link" onClick={() => setAll(true)}>
            {tr('longText.showAll')}
          </button>{' '}
          <button type="button" class="link" onClick={() => void copyText(text)}>
            {tr('common.copy')}
          </button>
        </span>
      )}
    </Tag>
  );
}
