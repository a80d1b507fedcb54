import ReactMarkdown from 'react-markdown';
import remarkBreaks from 'remark-breaks';
import remarkGfm from 'remark-gfm';

const REMARK_PLUGINS = [remarkGfm, remarkBreaks];
const DOCUMENT_PLUGINS = [remarkGfm];

/**
 * Model and tool output rendered as Markdown. Raw HTML in it is shown as text, never parsed
 * (react-markdown's default), and links open outside the app without handing it a referrer. A
 * single line break stays a line break: models and tools write lines (an address, a post's
 * short lines) that plain Markdown would run together into one paragraph; `document` text (the
 * README, wrapped at a width) reads its line breaks as Markdown does.
 */
export function Markdown({ text, document = false }: { text: string; document?: boolean }) {
  return (
    <div className="markdown">
      <ReactMarkdown
        remarkPlugins={document ? DOCUMENT_PLUGINS : REMARK_PLUGINS}
        components={{
          a: ({ href, children }) => (
            <a href={href} target="_blank" rel="noopener noreferrer nofollow">
              {children}
            </a>
          ),
        }}
      >
        {text}
      </ReactMarkdown>
    </div>
  );
}
