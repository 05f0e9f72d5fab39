/** Date display of the whole app (spec: DD/MM/YYYY, DD/MM/YYYY HH:mm, HH:mm); '' for a missing or bad value. */
import dayjs from 'dayjs';

export const DATE_FORMAT = 'DD/MM/YYYY';
export const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm';
export const TIME_FORMAT = 'HH:mm';

type DateInput = string | number | Date | null | undefined;

function format(value: DateInput, pattern: string): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(pattern) : '';
}

export const formatDate = (value: DateInput) => format(value, DATE_FORMAT);
export const formatDateTime = (value: DateInput) => format(value, DATE_TIME_FORMAT);
export const formatTime = (value: DateInput) => format(value, TIME_FORMAT);
