import type { Rule } from '@/lib/validation/rules';

export type FormValues = Record<string, unknown>;

export type FieldSpec = {
  /** What messages call the field; default: its name in title case ('firstName' → 'First Name'). */
  label?: string;
  rules?: readonly Rule[];
};

export type FormInput = {
  fields: Record<string, FieldSpec>;
  /** Starting values, one per field (a missing one starts as ''). */
  values?: FormValues;
  /** How many messages a field shows at once (spec §5: one). */
  maxErrors?: number;
  /**
   * Server error codes that belong to a field (`{ EMAIL_TAKEN: 'email' }`): the server's message
   * is shown under that field, as is that of a failure whose body names one of the form's fields
   * (a §5 rule the server checked). Any other failure is the form's own (spec §8). `false`: every
   * server failure is the form's own (the invite form, whose failures are notifications, §8).
   */
  serverFieldErrors?: Record<string, string> | false;
  /**
   * Where a failure that belongs to no field is shown: the error snackbar (default), or inline by
   * the screen itself (sign-in, where the auth actor already holds the error to show).
   */
  formErrors?: 'snackbar' | 'inline';
};

export type FieldErrors = Record<string, readonly string[]>;

export type FormContext = {
  fields: Record<string, Required<FieldSpec>>;
  values: FormValues;
  initial: FormValues;
  errors: FieldErrors;
  /** Fields the user has left once: their rules are checked from then on. */
  touched: Record<string, boolean>;
  /** A submit was tried: every field is checked on every change from then on. */
  attempted: boolean;
  maxErrors: number;
  serverFieldErrors: Record<string, string> | false;
  formErrors: 'snackbar' | 'inline';
  /** The last failure that belongs to no field. */
  error: unknown;
  /** What the last successful submit answered. */
  result: unknown;
};

export type FormEvent =
  | { type: 'form.change'; field: string; value: unknown }
  | { type: 'form.blur'; field: string }
  | { type: 'form.submit' }
  /** Back to the starting values (or new ones: an edited profile that was saved). */
  | { type: 'form.reset'; values?: FormValues };
