// The subset of Go's text/template that Supabase e-mail templates use, so that the same files render
// here and on hosted Supabase: `{{ .Field }}`, `{{ .Data.key }}`, `{{ if … }}`, `{{ else if … }}`,
// `{{ else }}`, `{{ end }}`, conditions `eq`, `ne`, `not`, `and`, `or`, trim markers `{{-`/`-}}` and
// comments `{{/* … */}}`.

type Node =
  | { kind: 'text'; text: string }
  | { kind: 'value'; expr: string }
  | { kind: 'if'; branches: { condition: string | null; body: Node[] }[] };

export class TemplateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TemplateError';
  }
}

interface Token {
  action: boolean;
  text: string;
}

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  const pattern = /\{\{(-?)\s*([\s\S]*?)\s*(-?)\}\}/g;
  let last = 0;
  let trimNext = false;
  for (const match of source.matchAll(pattern)) {
    let text = source.slice(last, match.index);
    if (trimNext) text = text.replace(/^\s+/, '');
    if (match[1] === '-') text = text.replace(/\s+$/, '');
    tokens.push({ action: false, text });
    tokens.push({ action: true, text: match[2] ?? '' });
    trimNext = match[3] === '-';
    last = match.index + match[0].length;
  }
  let rest = source.slice(last);
  if (trimNext) rest = rest.replace(/^\s+/, '');
  tokens.push({ action: false, text: rest });
  return tokens;
}

function parse(tokens: Token[]): Node[] {
  let position = 0;
  function block(): { nodes: Node[]; end: string | null } {
    const nodes: Node[] = [];
    while (position < tokens.length) {
      const token = tokens[position++];
      if (!token) break;
      if (!token.action) {
        if (token.text) nodes.push({ kind: 'text', text: token.text });
        continue;
      }
      const action = token.text;
      if (action.startsWith('/*')) continue;
      if (action === 'end' || action === 'else' || action.startsWith('else if ')) {
        return { nodes, end: action };
      }
      if (action.startsWith('if ')) {
        const branches: { condition: string | null; body: Node[] }[] = [];
        let condition: string | null = action.slice(3).trim();
        for (;;) {
          const inner = block();
          branches.push({ condition, body: inner.nodes });
          if (inner.end === 'end') break;
          if (inner.end === null) throw new TemplateError('an {{ if }} has no {{ end }}');
          if (condition === null) throw new TemplateError('{{ else }} must be the last branch');
          condition = inner.end === 'else' ? null : inner.end.slice('else if '.length).trim();
        }
        nodes.push({ kind: 'if', branches });
        continue;
      }
      nodes.push({ kind: 'value', expr: action });
    }
    return { nodes, end: null };
  }
  const { nodes, end } = block();
  if (end !== null) throw new TemplateError(`unexpected {{ ${end} }}`);
  return nodes;
}

function splitArguments(expr: string): string[] {
  return [...expr.matchAll(/"(?:[^"\\]|\\.)*"|`[^`]*`|\([^()]*\)|[^\s()]+/g)].map((m) => m[0]);
}

function lookup(path: string, data: Record<string, unknown>): unknown {
  let value: unknown = data;
  for (const key of path.split('.').filter(Boolean)) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

function evaluate(expr: string, data: Record<string, unknown>): unknown {
  const args = splitArguments(expr.trim());
  const [head, ...rest] = args;
  if (head === undefined) throw new TemplateError('empty action');
  const operand = (text: string): unknown => evaluate(text, data);
  switch (head) {
    case 'eq':
      return rest.slice(1).some((arg) => operand(arg) === operand(rest[0] ?? ''));
    case 'ne':
      return operand(rest[0] ?? '') !== operand(rest[1] ?? '');
    case 'not':
      return !isTruthy(operand(rest[0] ?? ''));
    case 'and':
      return rest.every((arg) => isTruthy(operand(arg)));
    case 'or':
      return rest.some((arg) => isTruthy(operand(arg)));
  }
  if (rest.length > 0) throw new TemplateError(`unsupported function "${head}"`);
  if (head.startsWith('(') && head.endsWith(')')) return evaluate(head.slice(1, -1), data);
  if (head.startsWith('"')) return JSON.parse(head) as string;
  if (head.startsWith('`')) return head.slice(1, -1);
  if (head.startsWith('.')) return lookup(head, data);
  if (/^-?\d+(\.\d+)?$/.test(head)) return Number(head);
  if (head === 'true' || head === 'false') return head === 'true';
  throw new TemplateError(`unsupported expression "${expr}"`);
}

function isTruthy(value: unknown): boolean {
  if (value === undefined || value === null || value === false || value === 0 || value === '') {
    return false;
  }
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

function stringify(value: unknown): string {
  // html/template prints a missing map key as nothing.
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&#34;')
    .replace(/'/g, '&#39;');
}

function render(nodes: Node[], data: Record<string, unknown>, escape: boolean): string {
  let out = '';
  for (const node of nodes) {
    if (node.kind === 'text') out += node.text;
    else if (node.kind === 'value') {
      const text = stringify(evaluate(node.expr, data));
      out += escape ? escapeHtml(text) : text;
    } else {
      const branch = node.branches.find(
        (b) => b.condition === null || isTruthy(evaluate(b.condition, data)),
      );
      if (branch) out += render(branch.body, data, escape);
    }
  }
  return out;
}

/**
 * Renders a template. `html` escapes inserted values (as Go's html/template does for text).
 * @example renderTemplate('{{ if eq .Data.locale "de" }}Hallo{{ else }}Hello{{ end }}', { Data: { locale: 'de' } }) // 'Hallo'
 */
export function renderTemplate(
  source: string,
  data: Record<string, unknown>,
  options: { html?: boolean } = {},
): string {
  return render(parse(tokenize(source)), data, options.html ?? false);
}
