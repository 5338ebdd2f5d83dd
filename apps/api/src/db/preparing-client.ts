import { createHash } from 'node:crypto';
import pg from 'pg';

/**
 * How many statements one connection keeps prepared, and the longest text it prepares: the few
 * dozen shapes a request runs are all kept, while a bulk insert's text (which differs with its row
 * count) or a list of ids of every length cannot fill the server's memory with one-off plans.
 */
export const PREPARED_PER_CONNECTION = 400;
export const PREPARED_TEXT_MAX = 12_000;

interface QueryText {
  text: string;
  name?: string;
  values?: unknown[];
}

const isQueryText = (config: unknown): config is QueryText =>
  typeof config === 'object' && config !== null && typeof (config as QueryText).text === 'string';

/**
 * A connection that prepares each statement with parameters the first time it runs it, under a
 * name derived from its text, and afterwards only binds and executes it. PostgreSQL then parses
 * each statement once per connection instead of on every call and, where the generic plan costs no
 * more than the custom ones it tried first, plans it once too (the cash desk's statements spent
 * about a third of their database time planning, docs/scaling.md). Statements without
 * parameters, such as migrations and `begin`, still go as simple queries, which may hold several
 * statements.
 *
 * Behind a connection pooler in transaction mode, named statements need PgBouncer 1.21 or later
 * with `max_prepared_statements` set, as the session read already did.
 */
export class PreparingClient extends pg.Client {
  readonly #prepared = new Set<string>();

  #nameFor(text: string, values: unknown): string | undefined {
    if (!Array.isArray(values) || values.length === 0 || text.length > PREPARED_TEXT_MAX) return undefined;
    const name = `s${createHash('sha1').update(text).digest('base64url')}`;
    if (this.#prepared.has(name)) return name;
    if (this.#prepared.size >= PREPARED_PER_CONNECTION) return undefined;
    this.#prepared.add(name);
    return name;
  }

  // The driver's overloads, taken as they come: only a query config or text with values is named.
  override query(...args: unknown[]): never {
    const [config, values] = args;
    const call = super.query as (...callArgs: unknown[]) => never;
    if (typeof config === 'string') {
      const name = this.#nameFor(config, values);
      if (name) return call.call(this, { text: config, name }, ...args.slice(1));
    } else if (isQueryText(config) && config.name === undefined) {
      const name = this.#nameFor(config.text, config.values ?? values);
      if (name) return call.call(this, { ...config, name }, ...args.slice(1));
    }
    return call.apply(this, args);
  }
}
