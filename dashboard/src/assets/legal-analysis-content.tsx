import { useId } from 'react';
import { Markdown } from '../components/markdown';

interface Section {
  heading: string;
  body: string;
}

/** The analysis's Markdown cut at its `## ` headings: the title and disclaimer first, then each section. */
export function splitSections(markdown: string): { intro: string; sections: Section[] } {
  const [intro = '', ...parts] = markdown.split(/^## +/m);
  const sections = parts.map((part) => {
    const newline = part.indexOf('\n');
    return newline === -1 ? { heading: part.trim(), body: '' } : { heading: part.slice(0, newline).trim(), body: part.slice(newline + 1).trim() };
  });
  return { intro: intro.trim(), sections };
}

/** A legal analysis as named sections (document type, parties, key clauses, risks, recommendations). */
export function LegalAnalysisContent({ content, headingLevel }: { content: string; headingLevel: 3 | 4 }) {
  const { intro, sections } = splitSections(content);
  return (
    <div className="legal-analysis">
      {intro && <Markdown text={intro} />}
      {sections.map((section) => (
        <LegalSection key={section.heading} section={section} headingLevel={headingLevel} />
      ))}
    </div>
  );
}

function LegalSection({ section, headingLevel }: { section: Section; headingLevel: 3 | 4 }) {
  const id = useId();
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <section className="legal-section" aria-labelledby={id}>
      <Heading id={id}>{section.heading}</Heading>
      <Markdown text={section.body} />
    </section>
  );
}
