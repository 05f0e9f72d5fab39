/**
 * A set of options ticked on and off, two to a row on a wide screen and one on a phone: the
 * fields a label prints, the optional columns an export adds. The ticked ones keep the order in
 * which they were ticked; the caller decides what that order means.
 */
import { Checkbox, FormControlLabel, FormGroup } from '@mui/material';

export interface CheckboxChoicesProps<K extends string> {
  options: readonly K[];
  value: readonly K[];
  onChange: (next: K[]) => void;
  labelOf: (option: K) => string;
  /** Names the group where no legend round it does. */
  'aria-label'?: string;
}

export function CheckboxChoices<K extends string>({
  options,
  value,
  onChange,
  labelOf,
  'aria-label': ariaLabel,
}: CheckboxChoicesProps<K>) {
  return (
    <FormGroup row aria-label={ariaLabel}>
      {options.map((option) => (
        <FormControlLabel
          key={option}
          sx={{ width: { xs: '100%', sm: '50%' }, mr: 0 }}
          label={labelOf(option)}
          control={
            <Checkbox
              checked={value.includes(option)}
              onChange={(event) =>
                onChange(event.target.checked ? [...value, option] : value.filter((o) => o !== option))
              }
            />
          }
        />
      ))}
    </FormGroup>
  );
}
