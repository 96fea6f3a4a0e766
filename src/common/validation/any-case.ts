/**
 * A class-transformer `@Transform` for enum fields written in any case: a string that names one
 * of `values` whatever its case (and surrounding spaces) becomes that value; anything else is left
 * for the validator to refuse.
 */
export const anyCaseOf =
  (values: Record<string, string> | readonly string[]) =>
  ({ value }: { value: unknown }): unknown => {
    if (typeof value !== 'string') return value;
    const wanted = value.trim().toLowerCase();
    return Object.values(values).find((v) => v.toLowerCase() === wanted) ?? value;
  };
