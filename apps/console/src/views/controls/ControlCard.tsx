import type { ControlDescription } from '@refapi/server/browser';
import { type FormEvent, useMemo, useState } from 'react';
import { admin } from '../../api';
import {
  type ControlField,
  controlBody,
  controlFields,
  type FieldValues,
  fieldLabel,
  fieldValues,
} from '../../control-form';
import { Card, type Run } from './Card';

/** One admin control, its form rendered from the body schema `GET /__admin/controls` gives. */
export function ControlCard({ control, run }: { control: ControlDescription; run: Run }) {
  const fields = useMemo(() => controlFields(control.body), [control.body]);
  const [values, setValues] = useState<FieldValues>(() => fieldValues(fields, control.value));
  const title = fieldLabel(control.name);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(title, async () => {
      const answer = await admin.setControl(control.path, controlBody(fields, values));
      // The POST answer is the new value when it has the fields (some answer less).
      setValues((current) => ({ ...current, ...fieldValues(fields, answer) }));
    });
  };
  return (
    <Card title={title}>
      <form onSubmit={submit} className="stack">
        {fields.map((field) => (
          <Field
            key={field.name}
            field={field}
            value={values[field.name] ?? ''}
            onChange={(value) => setValues((current) => ({ ...current, [field.name]: value }))}
          />
        ))}
        <button type="submit">Apply {control.name}</button>
      </form>
    </Card>
  );
}

function Field({
  field,
  value,
  onChange,
}: {
  field: ControlField;
  value: string;
  onChange: (value: string) => void;
}) {
  if (field.kind === 'boolean') {
    return (
      <label className="check">
        <input
          name={field.name}
          type="checkbox"
          checked={value === 'true'}
          onChange={(e) => onChange(e.target.checked ? 'true' : 'false')}
        />
        {field.label}
      </label>
    );
  }
  if (field.kind === 'enum') {
    return (
      <label>
        {field.label}
        <select name={field.name} value={value} onChange={(e) => onChange(e.target.value)}>
          {!field.required && <option value="">{field.nullable ? 'none' : '(unchanged)'}</option>}
          {field.options?.map((option) => (
            <option key={option}>{option}</option>
          ))}
        </select>
      </label>
    );
  }
  const numeric = field.kind === 'integer' || field.kind === 'number';
  return (
    <label>
      {field.label}
      {field.kind === 'date-time' && ' (UTC)'}
      <input
        name={field.name}
        type={numeric ? 'number' : field.kind === 'date-time' ? 'datetime-local' : 'text'}
        {...(field.kind === 'date-time' ? { step: 1 } : {})}
        {...(field.kind === 'number' ? { step: 'any' } : {})}
        {...(numeric && field.min !== undefined ? { min: field.min } : {})}
        {...(numeric && field.max !== undefined ? { max: field.max } : {})}
        required={field.required && !field.nullable}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}
