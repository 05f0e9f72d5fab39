/** Every error answer of the API: one toast per entry when it is a list. */
export interface ApiErrorBody {
  error: string | string[];
}
