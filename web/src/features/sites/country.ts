import { COUNTRIES, type Country } from '@asbuilt/domain';

/** Whether a stored country is one of the domain's list (its name is then in `domain:country.*`). */
export const isCountry = (value: string | null | undefined): value is Country =>
  (COUNTRIES as readonly (string | null | undefined)[]).includes(value);
