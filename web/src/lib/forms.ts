/** react-hook-form helpers. */
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A resolver for a schema whose input is wider than the form's values: the domain's field
 * schemas accept `unknown` (form bodies, JSON), while the inputs hold text, numbers and ids.
 */
export function formResolver<Values extends FieldValues, S extends z.ZodType<FieldValues>>(
  schema: S,
): Resolver<Values, unknown, z.output<S>> {
  return zodResolver(schema as never) as unknown as Resolver<Values, unknown, z.output<S>>;
}
