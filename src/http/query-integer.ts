/** A strict integer from a query string: "12" yes; "12abc", "1.5", "" no (they stay strings and fail @IsInt). */
export const toInteger = ({ value }: { value: unknown }): unknown => (typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value);
