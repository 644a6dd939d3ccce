/** The labelled inputs of the pane's boxes: a line of code-like text, and a check box. */
import type { ReactElement } from 'react';

export function TextField({
  label,
  testId,
  value,
  placeholder = '',
  isShort = false,
  onChange,
}: {
  label: string;
  testId: string;
  value: string;
  placeholder?: string;
  /** A number's width, not a name's. */
  isShort?: boolean;
  onChange(value: string): void;
}): ReactElement {
  return (
    <label>
      {label}{' '}
      <input
        className={isShort ? 'view-code-input op-number' : 'view-code-input'}
        data-testid={testId}
        value={value}
        spellCheck={false}
        autoComplete="off"
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}

export function CheckField({
  label,
  testId,
  checked,
  onChange,
}: {
  label: string;
  testId: string;
  checked: boolean;
  onChange(checked: boolean): void;
}): ReactElement {
  return (
    <label>
      <input
        type="checkbox"
        data-testid={testId}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />{' '}
      {label}
    </label>
  );
}
