import SCIMMY from 'scimmy';

/** A SCIM filter as SQL over `users`: a condition and its named parameters (`:f0`, `:f1`, …). */
export interface UserFilterSql {
  where: string;
  params: Record<string, unknown>;
}

type Kind = 'text' | 'case-exact' | 'boolean' | 'timestamp';

/**
 * The User attributes a filter may name (lower-cased paths), and the column each reads. userName,
 * emails and names compare case-insensitively (RFC 7643: caseExact false), externalId and id
 * exactly. meta.lastModified is meta.created, as the resources report it.
 */
const USER_ATTRIBUTES: Record<string, { column: string; kind: Kind }> = {
  id: { column: 'id::text', kind: 'case-exact' },
  username: { column: 'email', kind: 'text' },
  'emails.value': { column: 'email', kind: 'text' },
  displayname: { column: 'name', kind: 'text' },
  'name.formatted': { column: 'name', kind: 'text' },
  externalid: { column: 'scim_external_id', kind: 'case-exact' },
  active: { column: '(deactivated_at IS NULL)', kind: 'boolean' },
  'meta.created': { column: 'created_at', kind: 'timestamp' },
  'meta.lastmodified': { column: 'created_at', kind: 'timestamp' },
};

const SUPPORTED = 'userName, emails.value, displayName, name.formatted, externalId, id, active, meta.created, meta.lastModified';

function invalidFilter(message: string): Error {
  return new SCIMMY.Types.Error(400, 'invalidFilter', message);
}

/**
 * A parsed scimmy filter (an array of alternatives, each an object of attribute → comparison, with
 * nested objects for sub-attributes) as one SQL condition, so that the database picks the rows
 * (the userName lookup every provider makes before a create uses the email index). An attribute or
 * operator this service does not store or compare answers 400 `invalidFilter` (RFC 7644 §3.4.2.2).
 */
export function userFilterSql(filter: readonly unknown[]): UserFilterSql {
  const params: Record<string, unknown> = {};
  const parameter = (value: unknown): string => {
    const name = `f${Object.keys(params).length}`;
    params[name] = value;
    return `:${name}`;
  };
  const alternatives = filter.map((branch) => {
    const conditions = conditionsOf(branch, '').map(({ path, comparison }) => {
      const attribute = USER_ATTRIBUTES[path];
      if (!attribute) throw invalidFilter(`Users cannot be filtered by ${path}; filter by ${SUPPORTED}`);
      return comparisonSql(attribute, path, comparison, parameter);
    });
    if (conditions.length === 0) throw invalidFilter('The filter compares nothing');
    return `(${conditions.join(' AND ')})`;
  });
  if (alternatives.length === 0) throw invalidFilter('The filter compares nothing');
  return { where: alternatives.join(' OR '), params };
}

/** Each (attribute path, comparison) of one alternative; an attribute compared twice gives two. */
function conditionsOf(branch: unknown, prefix: string): { path: string; comparison: unknown[] }[] {
  if (!branch || typeof branch !== 'object' || Array.isArray(branch)) throw invalidFilter('The filter could not be read');
  return Object.entries(branch).flatMap(([name, value]) => {
    const path = `${prefix}${name.toLowerCase()}`;
    if (!Array.isArray(value)) return conditionsOf(value, `${path}.`);
    return Array.isArray(value[0]) ? (value as unknown[][]).map((comparison) => ({ path, comparison })) : [{ path, comparison: value }];
  });
}

function comparisonSql(attribute: { column: string; kind: Kind }, path: string, comparison: unknown[], parameter: (value: unknown) => string): string {
  const negated = comparison[0] === 'not';
  const [operator, value] = (negated ? comparison.slice(1) : comparison) as [unknown, unknown];
  const sql = positiveSql(attribute, path, String(operator), value, parameter);
  return negated ? `NOT coalesce(${sql}, false)` : sql;
}

function positiveSql({ column, kind }: { column: string; kind: Kind }, path: string, operator: string, value: unknown, parameter: (value: unknown) => string): string {
  if (operator === 'pr') return kind === 'boolean' ? 'true' : `${column} IS NOT NULL`;
  if (operator === 'np') return kind === 'boolean' ? 'false' : `${column} IS NULL`;
  if (kind === 'boolean') {
    if (typeof value !== 'boolean' || (operator !== 'eq' && operator !== 'ne')) throw invalidFilter(`${path} takes eq or ne with true or false`);
    return `${column} ${operator === 'eq' ? '=' : '<>'} ${parameter(value)}`;
  }
  if (kind === 'timestamp') {
    const at = typeof value === 'string' ? new Date(value) : null;
    if (!at || Number.isNaN(at.getTime())) throw invalidFilter(`${path} compares with a date and time, such as "2025-01-31T00:00:00Z"`);
    const sign = ORDER[operator] ?? (operator === 'eq' ? '=' : operator === 'ne' ? '<>' : undefined);
    if (!sign) throw invalidFilter(`${path} takes eq, ne, gt, ge, lt or le`);
    return `${column} ${sign} ${parameter(at.toISOString())}::timestamptz`;
  }
  if (typeof value !== 'string') throw invalidFilter(`${path} compares with a string`);
  const [left, right] = kind === 'text' ? [`lower(${column})`, (text: string) => `lower(${parameter(text)})`] : [column, parameter];
  switch (operator) {
    case 'eq':
      return `${left} = ${right(value)}`;
    case 'ne':
      return `${left} <> ${right(value)}`;
    case 'co':
      return `${left} LIKE ${right(`%${likeEscaped(value)}%`)} ESCAPE '\\'`;
    case 'sw':
      return `${left} LIKE ${right(`${likeEscaped(value)}%`)} ESCAPE '\\'`;
    case 'ew':
      return `${left} LIKE ${right(`%${likeEscaped(value)}`)} ESCAPE '\\'`;
    default: {
      const sign = ORDER[operator];
      if (!sign) throw invalidFilter(`Unknown comparison ${operator}`);
      return `${left} ${sign} ${right(value)}`;
    }
  }
}

const ORDER: Record<string, string> = { gt: '>', ge: '>=', lt: '<', le: '<=' };

/** The text as a LIKE pattern matching it literally. */
function likeEscaped(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
