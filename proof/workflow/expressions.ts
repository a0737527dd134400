/**
 * GitHub Actions expressions (`${{ ... }}` and `if:`), the part our workflows use: literals,
 * contexts with property access, `!`, `==`, `!=`, `<`, `<=`, `>`, `>=`, `&&`, `||`, parentheses, the
 * status functions and a few string functions. Anything else is a WorkflowError naming it, never
 * a guess.
 */
import { WorkflowError } from './errors.js';

export type Value = string | number | boolean | null | Value[] | { [key: string]: Value };

/** What the status functions answer where the expression is evaluated (a job's `if`, a step's). */
export interface StatusView {
  /** No earlier step (or needed job) failed and nothing was cancelled. */
  success: boolean;
  failure: boolean;
  cancelled: boolean;
}

export interface ExpressionContext {
  /** Contexts by name (github, vars, secrets, matrix, env, needs, runner, job). */
  contexts: Record<string, Record<string, Value>>;
  status: StatusView;
}

type Token =
  | { kind: 'num'; value: number }
  | { kind: 'str'; value: string }
  | { kind: 'id'; value: string }
  | { kind: 'op'; value: string };

const OPERATORS = ['==', '!=', '<=', '>=', '&&', '||', '!', '<', '>', '(', ')', '[', ']', '.', ','];

function tokens(text: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      i += 1;
      continue;
    }
    if (c === "'") {
      let value = '';
      i += 1;
      for (;;) {
        if (i >= text.length) throw new WorkflowError(`unterminated string in expression "${text}"`);
        if (text[i] === "'" && text[i + 1] === "'") {
          value += "'";
          i += 2;
          continue;
        }
        if (text[i] === "'") {
          i += 1;
          break;
        }
        value += text[i];
        i += 1;
      }
      out.push({ kind: 'str', value });
      continue;
    }
    const number = /^(0x[0-9a-f]+|\d+(\.\d+)?(e[+-]?\d+)?)/i.exec(text.slice(i));
    if (number) {
      out.push({ kind: 'num', value: Number(number[0]) });
      i += number[0].length;
      continue;
    }
    const id = /^[A-Za-z_][A-Za-z0-9_-]*/.exec(text.slice(i));
    if (id) {
      out.push({ kind: 'id', value: id[0] });
      i += id[0].length;
      continue;
    }
    const op = OPERATORS.find((o) => text.startsWith(o, i));
    if (!op) throw new WorkflowError(`unexpected "${c}" in expression "${text}"`);
    out.push({ kind: 'op', value: op });
    i += op.length;
  }
  return out;
}

type Node =
  | { kind: 'literal'; value: Value }
  | { kind: 'context'; name: string }
  | { kind: 'member'; object: Node; property: Node }
  | { kind: 'call'; name: string; args: Node[] }
  | { kind: 'not'; operand: Node }
  | { kind: 'binary'; op: string; left: Node; right: Node };

const PRECEDENCE: string[][] = [['||'], ['&&'], ['==', '!='], ['<', '<=', '>', '>=']];

class Parser {
  private at = 0;
  constructor(
    private readonly list: Token[],
    private readonly text: string
  ) {}

  parse(): Node {
    const node = this.binary(0);
    if (this.at < this.list.length) throw this.error(`unexpected "${this.describe(this.list[this.at]!)}"`);
    return node;
  }

  private error(what: string): WorkflowError {
    return new WorkflowError(`${what} in expression "${this.text}"`);
  }

  private describe(t: Token): string {
    return String(t.value);
  }

  private peekOp(...ops: string[]): string | undefined {
    const t = this.list[this.at];
    return t?.kind === 'op' && ops.includes(t.value) ? t.value : undefined;
  }

  private expect(op: string): void {
    if (!this.peekOp(op)) throw this.error(`expected "${op}"`);
    this.at += 1;
  }

  private binary(level: number): Node {
    if (level === PRECEDENCE.length) return this.unary();
    let left = this.binary(level + 1);
    for (let op = this.peekOp(...PRECEDENCE[level]!); op; op = this.peekOp(...PRECEDENCE[level]!)) {
      this.at += 1;
      left = { kind: 'binary', op, left, right: this.binary(level + 1) };
    }
    return left;
  }

  private unary(): Node {
    if (this.peekOp('!')) {
      this.at += 1;
      return { kind: 'not', operand: this.unary() };
    }
    return this.postfix(this.primary());
  }

  private postfix(node: Node): Node {
    for (;;) {
      if (this.peekOp('.')) {
        this.at += 1;
        const t = this.list[this.at];
        if (t?.kind !== 'id') throw this.error('expected a property name after "."');
        this.at += 1;
        node = { kind: 'member', object: node, property: { kind: 'literal', value: t.value } };
      } else if (this.peekOp('[')) {
        this.at += 1;
        const property = this.binary(0);
        this.expect(']');
        node = { kind: 'member', object: node, property };
      } else return node;
    }
  }

  private primary(): Node {
    const t = this.list[this.at];
    if (!t) throw this.error('unexpected end');
    this.at += 1;
    if (t.kind === 'num' || t.kind === 'str') return { kind: 'literal', value: t.value };
    if (t.kind === 'op') {
      if (t.value !== '(') throw this.error(`unexpected "${t.value}"`);
      const inner = this.binary(0);
      this.expect(')');
      return inner;
    }
    if (t.value === 'true' || t.value === 'false') return { kind: 'literal', value: t.value === 'true' };
    if (t.value === 'null') return { kind: 'literal', value: null };
    if (this.peekOp('(')) {
      this.at += 1;
      const args: Node[] = [];
      while (!this.peekOp(')')) {
        args.push(this.binary(0));
        if (!this.peekOp(')')) this.expect(',');
      }
      this.at += 1;
      return { kind: 'call', name: t.value, args };
    }
    return { kind: 'context', name: t.value };
  }
}

/** GitHub's truthiness: false, 0, -0, '', null and NaN are falsy. */
export function truthy(v: Value): boolean {
  return !(v === false || v === null || v === '' || v === 0 || (typeof v === 'number' && Number.isNaN(v)));
}

/** How a value is written into a string (`${{ }}` in run:, env:, with:). */
export function asText(v: Value): string {
  if (v === null) return '';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** GitHub compares strings case-insensitively, and coerces mixed types to numbers. */
function equal(a: Value, b: Value): boolean {
  if (typeof a === 'string' && typeof b === 'string') return a.toLowerCase() === b.toLowerCase();
  if (typeof a === typeof b || a === null || b === null) return a === b;
  return toNumber(a) === toNumber(b);
}

function toNumber(v: Value): number {
  if (v === null) return 0;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'number') return v;
  if (typeof v === 'string') return v.trim() === '' ? 0 : Number(v);
  return Number.NaN;
}

const STATUS_FUNCTIONS = ['success', 'failure', 'cancelled', 'always'];

const FUNCTIONS: Record<string, (args: Value[], context: ExpressionContext) => Value> = {
  success: (_, c) => c.status.success,
  failure: (_, c) => c.status.failure,
  cancelled: (_, c) => c.status.cancelled,
  always: () => true,
  contains: ([hay, needle]) =>
    Array.isArray(hay)
      ? hay.some((x) => equal(x, needle ?? null))
      : asText(hay ?? null)
          .toLowerCase()
          .includes(asText(needle ?? null).toLowerCase()),
  startsWith: ([s, p]) =>
    asText(s ?? null)
      .toLowerCase()
      .startsWith(asText(p ?? null).toLowerCase()),
  endsWith: ([s, p]) =>
    asText(s ?? null)
      .toLowerCase()
      .endsWith(asText(p ?? null).toLowerCase()),
  format: ([f, ...rest]) => asText(f ?? null).replace(/\{(\d+)\}/g, (_, n: string) => asText(rest[Number(n)] ?? null)),
};

function evaluate(node: Node, context: ExpressionContext, text: string): Value {
  switch (node.kind) {
    case 'literal':
      return node.value;
    case 'context': {
      const found = context.contexts[node.name];
      if (!found)
        throw new WorkflowError(
          `unknown context "${node.name}" in expression "${text}" (the local runner knows: ${Object.keys(context.contexts).join(', ')})`
        );
      return found;
    }
    case 'member': {
      const object = evaluate(node.object, context, text);
      const key = asText(evaluate(node.property, context, text));
      if (object === null || typeof object !== 'object') return null;
      if (Array.isArray(object)) return object[Number(key)] ?? null;
      // Property names are case-insensitive; a missing one is null (an unset variable is '').
      const match = Object.keys(object).find((k) => k.toLowerCase() === key.toLowerCase());
      return match === undefined ? null : object[match]!;
    }
    case 'call': {
      const fn = FUNCTIONS[node.name];
      if (!fn)
        throw new WorkflowError(
          `unknown function ${node.name}() in expression "${text}" (the local runner knows: ${Object.keys(FUNCTIONS)
            .map((f) => `${f}()`)
            .join(', ')})`
        );
      return fn(
        node.args.map((a) => evaluate(a, context, text)),
        context
      );
    }
    case 'not':
      return !truthy(evaluate(node.operand, context, text));
    case 'binary': {
      const left = evaluate(node.left, context, text);
      if (node.op === '&&') return truthy(left) ? evaluate(node.right, context, text) : left;
      if (node.op === '||') return truthy(left) ? left : evaluate(node.right, context, text);
      const right = evaluate(node.right, context, text);
      if (node.op === '==') return equal(left, right);
      if (node.op === '!=') return !equal(left, right);
      const [a, b] =
        typeof left === 'string' && typeof right === 'string'
          ? [left.toLowerCase(), right.toLowerCase()]
          : [toNumber(left), toNumber(right)];
      return node.op === '<' ? a < b : node.op === '<=' ? a <= b : node.op === '>' ? a > b : a >= b;
    }
  }
}

function parse(text: string): Node {
  return new Parser(tokens(text), text).parse();
}

export function evaluateExpression(text: string, context: ExpressionContext): Value {
  return evaluate(parse(text), context, text);
}

/** Replaces every `${{ expr }}` in a string by its value's text. */
export function interpolate(text: string, context: ExpressionContext): string {
  return text.replace(/\$\{\{([\s\S]*?)\}\}/g, (_, expr: string) => asText(evaluateExpression(expr.trim(), context)));
}

function walk(node: Node, visit: (n: Node) => void): void {
  visit(node);
  if (node.kind === 'member') {
    walk(node.object, visit);
    walk(node.property, visit);
  }
  if (node.kind === 'call')
    node.args.forEach((a) => {
      walk(a, visit);
    });
  if (node.kind === 'not') walk(node.operand, visit);
  if (node.kind === 'binary') {
    walk(node.left, visit);
    walk(node.right, visit);
  }
}

/** Checks an expression before the run: it parses, and names only known functions and contexts. */
export function checkExpression(text: string, contexts: string[]): void {
  walk(parse(text), (n) => {
    if (n.kind === 'call' && !FUNCTIONS[n.name])
      throw new WorkflowError(
        `unknown function ${n.name}() in expression "${text}" (the local runner knows: ${Object.keys(FUNCTIONS)
          .map((f) => `${f}()`)
          .join(', ')})`
      );
    if (n.kind === 'context' && !contexts.includes(n.name))
      throw new WorkflowError(
        `unknown context "${n.name}" in expression "${text}" (the local runner knows: ${contexts.join(', ')})`
      );
  });
}

/** The expressions of a text: what each `${{ }}` holds. */
export function expressionsIn(text: string): string[] {
  return [...text.matchAll(/\$\{\{([\s\S]*?)\}\}/g)].map((m) => m[1]!.trim());
}

/** The expression of an `if:` (with or without `${{ }}`). */
export function conditionText(raw: string): string {
  const whole = /^\s*\$\{\{([\s\S]*)\}\}\s*$/.exec(raw);
  return (whole ? whole[1]! : raw).trim();
}

/**
 * An `if:` condition: with or without `${{ }}`; without a status function in it, `success() &&`
 * is implied, as on GitHub.
 */
export function condition(raw: string | boolean | undefined, context: ExpressionContext): boolean {
  if (raw === undefined) return context.status.success;
  if (typeof raw === 'boolean') return context.status.success && raw;
  const text = conditionText(raw);
  const node = parse(text);
  return usesStatus(node)
    ? truthy(evaluate(node, context, text))
    : context.status.success && truthy(evaluate(node, context, text));
}

function usesStatus(node: Node): boolean {
  let found = false;
  walk(node, (n) => (found ||= n.kind === 'call' && STATUS_FUNCTIONS.includes(n.name)));
  return found;
}
