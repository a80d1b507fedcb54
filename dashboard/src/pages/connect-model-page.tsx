import readme from '../../../README.md?raw';
import { Markdown } from '../components/markdown';
import { usePageTitle } from '../hooks/use-page-title';

const HEADING = '## Connect a language model';

/**
 * The README's section on connecting a model, built into the app (the README itself is not served):
 * the offline-model banner links here, and the words stay the README's.
 */
const CONNECT_MODEL_SECTION = sectionOf(readme, HEADING);

function sectionOf(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`README.md has no "${heading}" section`);
  const body = markdown.slice(start + heading.length + 2);
  const end = body.search(/^## /m);
  return (end < 0 ? body : body.slice(0, end)).trim();
}

export function ConnectModelPage() {
  usePageTitle('Connect a language model');
  return (
    <div className="stack">
      <header className="page-header">
        <h1>Connect a language model</h1>
      </header>
      <section className="card">
        <Markdown text={CONNECT_MODEL_SECTION} document />
      </section>
    </div>
  );
}
