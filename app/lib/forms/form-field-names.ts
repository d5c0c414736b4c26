/**
 * What a form field name may be. Conform reads a name such as `modules[2].title` as a path and
 * builds real arrays and objects from it, recursively: `x[99999999]` once made a 99,999,999-item
 * array (4 GB, a dead process) and a name of 10,000 segments overflowed the stack. So every
 * name is checked before any parser sees it: a key of letters, digits, `_` or `-`, then at most
 * two more segments (`[index]` or `.key`), each index below the form's field limit (a list
 * cannot have more items than the form has fields), and no key that reaches an object's
 * prototype. Our own forms use at most three segments.
 */
const MAX_NAME_LENGTH = 100;
const MAX_SEGMENTS = 3;
const KEY = "[A-Za-z_][A-Za-z0-9_-]*";
const NAME_SHAPE = new RegExp(`^${KEY}(?:\\[\\d{1,4}\\]|\\.${KEY})*$`);
const SEGMENT = new RegExp(`\\[(\\d+)\\]|\\.${KEY}`, "g");
const PROTOTYPE_KEY = /(^|\.)(__proto__|constructor|prototype)(?=$|[.[])/;

export function isAcceptedFieldName(name: string, maxFields: number): boolean {
  if (name.length > MAX_NAME_LENGTH || !NAME_SHAPE.test(name) || PROTOTYPE_KEY.test(name)) {
    return false;
  }
  let segments = 1;
  for (const [, index] of name.matchAll(SEGMENT)) {
    segments++;
    if (segments > MAX_SEGMENTS || Number(index ?? 0) >= maxFields) return false;
  }
  return true;
}
