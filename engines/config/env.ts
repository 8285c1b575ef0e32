/**
 * The one reader of environment variables. Each variable is declared once in a table (its name is
 * the table's key) with its kind, default, range and meaning, or in a module's settings table that
 * also names the config field it fills (settings()); server/config.ts reads the tables of every
 * module, and docs/configuration.md is checked against them (test/unit/server/config-docs.test.ts).
 * An empty value counts as unset. A value that is set but cannot be used stops the start with an
 * error naming the variable and what it accepts: nothing falls back silently.
 */
export type Env = Readonly<Record<string, string | undefined>>;

export type VariableKind = 'int' | 'ms' | 'number' | 'url' | 'list' | 'json' | 'text' | 'choice';

export interface Variable<T> {
  kind: VariableKind;
  /** What an unset (or empty) variable means. */
  default: T;
  /** The inclusive bounds of a numeric variable. */
  range?: readonly [min: number, max: number];
  /** What a value must be, as the error states it: "an integer from 1 to 64". */
  accepts: string;
  /** What the variable sets, in a few words (docs/configuration.md has the full text). */
  meaning: string;
  /** A key or a credential: an error never repeats the value. */
  secret?: boolean;
  /** The value of a set variable's text; a value it cannot use is refused (an error of its own, such as a file that cannot be read, passes as it is). */
  parse(text: string): T;
}

export type VariableTable = Record<string, Variable<unknown>>;

/** The values of a table's variables, by name. */
export type ValuesOf<Table extends VariableTable> = { [Name in keyof Table]: Table[Name] extends Variable<infer T> ? T : never };

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** Thrown by a parser: the value is refused, with an optional detail appended to the message. */
class Refused extends Error {}
const refuse = (detail = ''): never => {
  throw new Refused(detail);
};

export function readVariable<T>(name: string, variable: Variable<T>, env: Env): T {
  const text = env[name];
  if (text === undefined || text.trim() === '') return variable.default;
  try {
    return variable.parse(text);
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    if (variable.secret) throw new ConfigError(`${name} must be ${variable.accepts} (the value set is not shown)`);
    throw new ConfigError(`${name} must be ${variable.accepts} (got ${JSON.stringify(text)})${error.message ? `: ${error.message}` : ''}`);
  }
}

/** Each variable's default, by name: what modules fall back on when given no setting. */
export function defaultsOf<Table extends VariableTable>(table: Table): { [Name in keyof Table]: Table[Name]['default'] } {
  return Object.fromEntries(Object.entries(table).map(([name, variable]) => [name, variable.default])) as { [Name in keyof Table]: Table[Name]['default'] };
}

export function readVariables<Table extends VariableTable>(table: Table, env: Env): ValuesOf<Table> {
  return Object.fromEntries(Object.entries(table).map(([name, variable]) => [name, readVariable(name, variable, env)])) as ValuesOf<Table>;
}

/**
 * One field of a module's settings: the variable it is read from, and what turns the variable's
 * value into the field's when they differ (hours into milliseconds, 0 into null).
 */
export type Setting = readonly [name: string, variable: Variable<any>, convert?: (value: any) => unknown];

/** A module's settings by field (nested groups allowed), each naming its variable. */
export interface SettingsTable {
  readonly [field: string]: Setting | SettingsTable;
}

type SettingsIn<Table> = {
  [Field in keyof Table]: Table[Field] extends Setting ? Table[Field] : Table[Field] extends SettingsTable ? SettingsIn<Table[Field]> : never;
}[keyof Table];

/** The variables of a settings table, by name: what readVariables and the docs check take. */
export type VariablesOf<Table> = { [Each in SettingsIn<Table> as Each extends Setting ? Each[0] : never]: Each extends Setting ? Each[1] : never };

/** The values of a settings table, by field. */
export type SettingsOf<Table> = {
  -readonly [Field in keyof Table]: Table[Field] extends readonly [string, Variable<unknown>, (value: never) => infer T]
    ? T
    : Table[Field] extends readonly [string, Variable<infer T>]
      ? T
      : Table[Field] extends SettingsTable
        ? SettingsOf<Table[Field]>
        : never;
};

const isSetting = (entry: Setting | SettingsTable): entry is Setting => Array.isArray(entry);

/**
 * A module's settings read from the environment: `variables` is its table by name (for the docs
 * and for defaults), `read` its values by field, each variable read in the table's order.
 */
export function settings<const Table extends SettingsTable>(table: Table): { variables: VariablesOf<Table>; read(env: Env): SettingsOf<Table> } {
  const variables: VariableTable = {};
  const collect = (group: SettingsTable): void => {
    for (const entry of Object.values(group)) {
      if (!isSetting(entry)) collect(entry);
      else if (entry[0] in variables) throw new Error(`${entry[0]} is read by two settings`);
      else variables[entry[0]] = entry[1];
    }
  };
  collect(table);
  const read = (group: SettingsTable, env: Env): Record<string, unknown> =>
    Object.fromEntries(
      Object.entries(group).map(([field, entry]) => {
        if (!isSetting(entry)) return [field, read(entry, env)];
        const [name, variable, convert] = entry;
        const value = readVariable(name, variable, env);
        return [field, convert ? convert(value) : value];
      }),
    );
  return { variables: variables as VariablesOf<Table>, read: (env) => read(table, env) as SettingsOf<Table> };
}

interface Common<T> {
  default: T;
  meaning: string;
  secret?: boolean;
}

const DIGITS = /^\s*\d+\s*$/;

function wholeNumber(text: string, min: number, max: number): number {
  const value = Number(text);
  if (!DIGITS.test(text) || !Number.isSafeInteger(value) || value < min || value > max) refuse();
  return value;
}

/** A whole number from min to max, written in digits. */
export function int<T extends number | null>({ min, max, ...common }: Common<T> & { min: number; max: number }): Variable<T | number> {
  return { kind: 'int', range: [min, max], accepts: `an integer from ${min} to ${max}`, parse: (text) => wholeNumber(text, min, max), ...common };
}

/** A duration in whole milliseconds from min to max. */
export function ms<T extends number | null>({ min, max, ...common }: Common<T> & { min: number; max: number }): Variable<T | number> {
  return { kind: 'ms', range: [min, max], accepts: `an integer from ${min} to ${max} (milliseconds)`, parse: (text) => wholeNumber(text, min, max), ...common };
}

/** A decimal number from min to max (in the unit the meaning names). */
export function decimal<T extends number | null>({ min, max, unit, ...common }: Common<T> & { min: number; max: number; unit: string }): Variable<T | number> {
  const parse = (text: string) => {
    const value = Number(text);
    if (!/^\s*\d+(?:\.\d+)?\s*$/.test(text) || value < min || value > max) refuse();
    return value;
  };
  return { kind: 'number', range: [min, max], accepts: `a number of ${unit} from ${min} to ${max}`, parse, ...common };
}

export interface UrlOptions {
  /** Accept credentials, a query and a trailing slash too, and keep the text as given (a JSON-RPC URL that carries its key). */
  anyParts?: boolean;
  /** A placeholder the URL must contain, such as {company}; it is checked as a host label. */
  placeholder?: string;
}

/** An absolute http(s) URL without credentials, query or fragment, its trailing slashes dropped (unless anyParts). */
export function url<T extends string | null>({ placeholder, anyParts = false, ...common }: Common<T> & UrlOptions): Variable<T | string> {
  const accepts = `an http or https URL${anyParts ? '' : ' without credentials, query or fragment'}${placeholder ? `, containing ${placeholder}` : ''}`;
  const parse = (text: string) => {
    const base = anyParts ? text.trim() : text.trim().replace(/\/+$/, '');
    if (placeholder && !base.includes(placeholder)) refuse(`${placeholder} is missing`);
    const candidate = placeholder ? base.replaceAll(placeholder, 'placeholder') : base;
    const parsed = URL.canParse(candidate) ? new URL(candidate) : null;
    if (!parsed || !/^https?:$/.test(parsed.protocol)) refuse();
    if (!anyParts && (parsed!.username || parsed!.password || parsed!.search || parsed!.hash)) refuse();
    return base;
  };
  return { kind: 'url', accepts, parse, ...common };
}

/** A comma-separated list; each item (trimmed, empty ones dropped) is checked by `item` when given, which calls `refused` for one it cannot use. */
export function list<Item = string>({
  item,
  accepts,
  ...common
}: Common<Item[]> & { accepts: string; item?: (text: string, refused: (detail?: string) => never) => Item }): Variable<Item[]> {
  const parse = (text: string) =>
    text
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
      .map((entry) => {
        if (!item) return entry as Item;
        try {
          return item(entry, refuse);
        } catch (error) {
          if (error instanceof Refused) refuse(`${JSON.stringify(entry)} is not one${error.message ? ` (${error.message})` : ''}`);
          throw error;
        }
      });
  return { kind: 'list', accepts: `a comma-separated list of ${accepts}`, parse, ...common };
}

/** A JSON text whose value `check` accepts (returns it typed, or null when it is not of the shape). */
export function json<T, D extends T | null>({
  check,
  accepts,
  ...common
}: Common<D> & { accepts: string; check: (value: unknown) => T | null }): Variable<D | T> {
  const parse = (text: string) => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      return refuse(`not JSON: ${(error as Error).message}`);
    }
    const checked = check(value);
    return checked === null ? refuse() : checked;
  };
  return { kind: 'json', accepts: `JSON: ${accepts}`, parse, ...common };
}

/** Any text, or text that `pattern` matches. */
export function text<T extends string | null>({
  pattern,
  accepts = 'any text',
  ...common
}: Common<T> & { pattern?: RegExp; accepts?: string }): Variable<T | string> {
  const parse = (value: string) => (pattern && !pattern.test(value.trim()) ? refuse() : value.trim());
  return { kind: 'text', accepts, parse, ...common };
}

/** One of a few words. */
export function choice<const Choices extends readonly string[]>({
  choices,
  ...common
}: Common<Choices[number]> & { choices: Choices }): Variable<Choices[number]> {
  const parse = (value: string) => ((choices as readonly string[]).includes(value.trim()) ? (value.trim() as Choices[number]) : refuse());
  return { kind: 'choice', accepts: `one of ${choices.join(', ')}`, parse, ...common };
}

/**
 * A variable of one of the kinds above with its own parsing (a prefix length written `/48`, a
 * port map): `parse` returns the value or calls `refused` (optionally with a detail).
 */
export function custom<T>(variable: Omit<Variable<T>, 'parse'> & { parse: (text: string, refused: (detail?: string) => never) => T }): Variable<T> {
  return { ...variable, parse: (value) => variable.parse(value, refuse) };
}
