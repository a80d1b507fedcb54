/** Per DTO class (its prototype), the fields it takes as sent. */
const freeFormFields = new WeakMap<object, Set<string>>();

/**
 * A DTO field whose value the DTO takes as sent, checked in depth by its service (chat messages,
 * which the chat code validates as UIMessages or OpenAI messages) or only by kind (`@IsObject()`
 * on a map the route ignores). The global pipe keeps it out of class-transformer, which would
 * otherwise copy every member of it, with a quadratic de-duplication of each object's keys, only
 * for the copy to be read as the plain value it was. Its class-validator rules still run.
 */
export function FreeForm(): PropertyDecorator {
  return (target, key) => {
    if (typeof key !== 'string') return;
    const fields = freeFormFields.get(target) ?? new Set<string>();
    fields.add(key);
    freeFormFields.set(target, fields);
  };
}

/** The free-form fields of a DTO class, its base classes' included. */
export function freeFormFieldsOf(type: abstract new (...args: never[]) => unknown): ReadonlySet<string> {
  const fields = new Set<string>();
  for (let prototype: object | null = type.prototype as object; prototype && prototype !== Object.prototype; prototype = Object.getPrototypeOf(prototype) as object | null) {
    for (const field of freeFormFields.get(prototype) ?? []) fields.add(field);
  }
  return fields;
}
