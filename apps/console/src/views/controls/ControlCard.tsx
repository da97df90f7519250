import type { ControlDescription } from '@refapi/server/browser';
import { type FormEvent, useMemo, useState } from 'react';
import {
  appliedSummary,
  type ControlField,
  controlBody,
  controlFields,
  type FieldValues,
  fieldError,
  fieldLabel,
  fieldValues,
} from '../../control-form';
import { useStateAdmin } from '../../space-context';
import { UTC_PLACEHOLDER } from '../../utc-input';
import { Card, type Run } from './Card';

/**
 * One admin control, its form rendered from the body schema `GET /__admin/controls` gives,
 * with what it does and what is applied now (its value on the server).
 */
export function ControlCard({ control, run }: { control: ControlDescription; run: Run }) {
  const admin = useStateAdmin();
  const fields = useMemo(() => controlFields(control.body), [control.body]);
  const [values, setValues] = useState<FieldValues>(() => fieldValues(fields, control.value));
  const title = fieldLabel(control.name);
  const problems = fields.flatMap((field) => {
    const error = fieldError(field, values[field.name] ?? '');
    return error === undefined ? [] : [error];
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (problems.length > 0) return;
    void run(title, async () => {
      const answer = await admin.setControl(control.path, controlBody(fields, values));
      // The POST answer is the new value when it has the fields (some answer less).
      setValues((current) => ({ ...current, ...fieldValues(fields, answer) }));
    });
  };
  return (
    <Card title={title} description={control.description}>
      <p className="applied" data-testid={`applied-${control.name}`}>
        <span className="muted">applied:</span>{' '}
        <span className="mono">{appliedSummary(control.value)}</span>
      </p>
      <form onSubmit={submit} className="stack">
        {fields.map((field) => (
          <Field
            key={field.name}
            id={`${control.name}-${field.name}`}
            field={field}
            value={values[field.name] ?? ''}
            onChange={(value) => setValues((current) => ({ ...current, [field.name]: value }))}
          />
        ))}
        <button type="submit" disabled={problems.length > 0}>
          Apply {control.name}
        </button>
      </form>
    </Card>
  );
}

function Field({
  id,
  field,
  value,
  onChange,
}: {
  id: string;
  field: ControlField;
  value: string;
  onChange: (value: string) => void;
}) {
  const error = fieldError(field, value);
  const hint = field.description ? (
    <span className="hint" id={`${id}-hint`}>
      {field.description}
    </span>
  ) : null;
  const described =
    [field.description ? `${id}-hint` : '', error ? `${id}-error` : ''].join(' ').trim() ||
    undefined;
  if (field.kind === 'boolean') {
    return (
      <div className="field">
        <label className="check">
          <input
            name={field.name}
            type="checkbox"
            checked={value === 'true'}
            aria-describedby={described}
            onChange={(e) => onChange(e.target.checked ? 'true' : 'false')}
          />
          {field.label}
        </label>
        {hint}
      </div>
    );
  }
  if (field.kind === 'enum') {
    return (
      <div className="field">
        <label htmlFor={id}>{field.label}</label>
        <select
          id={id}
          name={field.name}
          value={value}
          aria-describedby={described}
          onChange={(e) => onChange(e.target.value)}
        >
          {!field.required && <option value="">{field.nullable ? 'none' : '(unchanged)'}</option>}
          {field.options?.map((option) => (
            <option key={option}>{option}</option>
          ))}
        </select>
        {hint}
      </div>
    );
  }
  const numeric = field.kind === 'integer' || field.kind === 'number';
  const utc = field.kind === 'date-time';
  return (
    <div className="field">
      <label htmlFor={id}>{utc ? `${field.label} (UTC, ISO 8601)` : field.label}</label>
      <input
        id={id}
        name={field.name}
        type={numeric ? 'number' : 'text'}
        {...(utc ? { placeholder: UTC_PLACEHOLDER, spellCheck: false } : {})}
        {...(field.kind === 'number' ? { step: 'any' } : {})}
        {...(numeric && field.min !== undefined ? { min: field.min } : {})}
        {...(numeric && field.max !== undefined ? { max: field.max } : {})}
        required={field.required && !field.nullable}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      {hint}
      {error && (
        <span className="error field-error" id={`${id}-error`}>
          {error}
        </span>
      )}
    </div>
  );
}
