import SCIMMY from 'scimmy';
import { userFilterSql } from './scim-user-filter.js';

const sqlOf = (filter: string) => userFilterSql(new SCIMMY.Types.Filter(filter));

describe('userFilterSql', () => {
  it('compares userName case-insensitively by the email column, with parameters', () => {
    expect(sqlOf('userName eq "Ada@Example.com"')).toEqual({ where: '(lower(email) = lower(:f0))', params: { f0: 'Ada@Example.com' } });
  });

  it('joins alternatives with OR and conditions with AND, negates with NOT, escapes LIKE wildcards', () => {
    expect(sqlOf('not (active eq false) and (userName sw "a_b" or externalId eq "X")')).toEqual({
      where:
        "(NOT coalesce((deactivated_at IS NULL) = :f0, false) AND lower(email) LIKE lower(:f1) ESCAPE '\\') OR " +
        '(NOT coalesce((deactivated_at IS NULL) = :f2, false) AND scim_external_id = :f3)',
      params: { f0: false, f1: 'a\\_b%', f2: false, f3: 'X' },
    });
  });

  it('reads sub-attributes and dates', () => {
    expect(sqlOf('emails[value co "x"] and meta.created ge "2025-01-31T00:00:00Z"')).toEqual({
      where: "(lower(email) LIKE lower(:f0) ESCAPE '\\' AND created_at >= :f1::timestamptz)",
      params: { f0: '%x%', f1: '2025-01-31T00:00:00.000Z' },
    });
  });

  it.each(['name.givenName eq "Ada"', 'groups pr', 'active co "t"', 'meta.created gt "soon"', 'userName eq true'])('refuses %s with 400 invalidFilter', (filter) => {
    expect(() => sqlOf(filter)).toThrow(expect.objectContaining({ status: 400, scimType: 'invalidFilter' }));
  });
});
