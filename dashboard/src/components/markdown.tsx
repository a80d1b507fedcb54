import ReactMarkdown from 'react-markdown';
import remarkGfm from 'remark-gfm';

/**
 * Model and tool output rendered as Markdown. Raw HTML in it is shown as text, never parsed
 * (react-markdown's default), and links open outside the app without handing it a referrer.
 */
export function Markdown({ text }: { text: string }) {
  return (
    <div className="markdown">
      <ReactMarkdown
        remarkPlugins={[remarkGfm]}
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
