import type { MigrationInterface, QueryRunner } from 'typeorm';

export class SearchSnippets1767000000200 implements MigrationInterface {
  name = 'SearchSnippets1767000000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    // A search hit's snippet: one short fragment per word searched (the first four), each taken
    // where that word is, then every word marked. ts_headline alone picks its fragments by how many
    // matches they hold, so in a long message one word repeated near the start (or a phrase, in
    // fragment mode) left the others out of the snippet. Negated words (-word) are not shown.
    await queryRunner.query(`
      CREATE FUNCTION search_snippet(doc text, query tsquery) RETURNS text LANGUAGE sql STABLE AS $fn$
        WITH terms AS (
          SELECT term, min(ord) AS ord FROM (
            SELECT m[2]::tsquery AS term, ord
              FROM regexp_matches(query::text, '(!?)(''(?:[^'']|'''')+'')', 'g') WITH ORDINALITY AS r (m, ord)
             WHERE m[1] = ''
          ) found GROUP BY term ORDER BY min(ord) LIMIT 4
        ),
        fragments AS (
          SELECT term, ord, ts_headline('english', doc, term, 'StartSel="", StopSel="", MaxWords=14, MinWords=6, MaxFragments=1') AS fragment FROM terms
        ),
        shown AS (
          SELECT f.fragment, f.ord FROM fragments f
           WHERE to_tsvector('english', f.fragment) @@ f.term
             AND NOT EXISTS (SELECT 1 FROM fragments e WHERE e.ord < f.ord AND to_tsvector('english', e.fragment) @@ f.term)
        )
        SELECT ts_headline('english',
                           coalesce((SELECT string_agg(fragment, ' … ' ORDER BY ord) FROM shown), left(doc, 200)),
                           coalesce((SELECT string_agg(term::text, ' | ')::tsquery FROM terms), query),
                           'HighlightAll=true, StartSel=**, StopSel=**')
      $fn$`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP FUNCTION search_snippet(text, tsquery)');
  }
}
