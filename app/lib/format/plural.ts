const rules = new Intl.PluralRules("en-NG");

/** The noun for a count, singular for one: 'message' for 1, 'messages' for 0 or 2. */
export const nounFor = (count: number, one: string, many = `${one}s`) =>
  rules.select(count) === "one" ? one : many;
