import { titleCase, validate } from '@/lib/validation/rules';
import { ApiError } from '@/api/errors';
import type { FieldErrors, FormContext, FormInput, FormValues } from './form.types';

export function initialFormContext(input: FormInput): FormContext {
  const fields = Object.fromEntries(
    Object.entries(input.fields).map(([name, spec]) => [name, { label: spec.label ?? titleCase(name), rules: spec.rules ?? [] }]),
  );
  const values = Object.fromEntries(Object.keys(fields).map((name) => [name, input.values?.[name] ?? '']));
  return {
    fields,
    values,
    initial: values,
    errors: {},
    touched: {},
    attempted: false,
    maxErrors: input.maxErrors ?? 1,
    serverFieldErrors: input.serverFieldErrors ?? {},
    formErrors: input.formErrors ?? 'snackbar',
    error: null,
    result: null,
  };
}

export function fieldErrors(context: FormContext, name: string, values: FormValues = context.values): readonly string[] {
  const field = context.fields[name];
  return field ? validate(values[name], field.rules, field.label, context.maxErrors) : [];
}

/** Every field's messages, fields without any left out. */
export function allErrors(context: FormContext): FieldErrors {
  return Object.fromEntries(
    Object.keys(context.fields)
      .map((name) => [name, fieldErrors(context, name)] as const)
      .filter(([, errors]) => errors.length > 0),
  );
}

export function withFieldErrors(errors: FieldErrors, name: string, messages: readonly string[]): FieldErrors {
  const { [name]: _dropped, ...rest } = errors;
  return messages.length ? { ...rest, [name]: messages } : rest;
}

/** The field a server failure belongs to: the one the form names for its code, else the one it names, if the form has it. */
export function serverErrorField(context: FormContext, error: unknown): string | null {
  if (!(error instanceof ApiError) || context.serverFieldErrors === false) return null;
  const field = context.serverFieldErrors[error.code] ?? error.field;
  return field !== undefined && Object.hasOwn(context.fields, field) ? field : null;
}
