/**
 * The grid's selection checkbox: a native checkbox under MUI's checkbox icons, drawn by
 * gridTable.css to look as MUI's small Checkbox, an input with its label as before. MUI's
 * (ButtonBase, ripple, two SvgIcons, their styles serialised at each render) in each of the thirty
 * rows on screen, with the rows' Chip and Avatar, took a third of each search keystroke
 * (bench/devices-page.ts; bench/RESULTS.md §7, The devices page in the browser).
 */
import { useEffect, useRef } from 'react';

// MUI's CheckBoxOutlineBlank, CheckBox and IndeterminateCheckBox icons.
const BLANK = 'M19 5v14H5V5h14m0-2H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2z';
const CHECKED =
  'M19 3H5c-1.11 0-2 .9-2 2v14c0 1.1.89 2 2 2h14c1.11 0 2-.9 2-2V5c0-1.1-.89-2-2-2zm-9 14l-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8l-9 9z';
const INDETERMINATE =
  'M19 3H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2zm-2 10H7v-2h10v2z';

export function GridCheckbox({
  checked,
  indeterminate = false,
  onChange,
  label,
}: {
  checked: boolean;
  indeterminate?: boolean;
  onChange: () => void;
  label: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (input.current) input.current.indeterminate = indeterminate;
  }, [indeterminate]);
  const on = checked || indeterminate;
  return (
    <span className="grid-check" data-checked={on ? '' : undefined}>
      <input ref={input} type="checkbox" checked={checked} onChange={onChange} aria-label={label} />
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d={indeterminate ? INDETERMINATE : checked ? CHECKED : BLANK} />
      </svg>
    </span>
  );
}
