/**
 * Writes lib/types.generated.ts from schemas/: the TypeScript types of every body shape, so that
 * types come from the schemas and are never written twice by hand. A test fails when the file is
 * stale; `node --import tsx scripts/generate-types.ts` regenerates it.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readSchemas } from '../lib/validation.js';

type Schema = Record<string, unknown>;

export function typeName(schemaId: string): string {
  return schemaId
    .replace(/\.json$/, '')
    .split('-')
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');
}

function literal(value: unknown): string {
  return JSON.stringify(value);
}

function toType(schema: Schema | false, doc: Schema, indent: string): string {
  if (schema === false) return 'never';
  if (typeof schema.$ref === 'string') {
    const ref = schema.$ref;
    const target = ref.startsWith('#/')
      ? toType(
          ref
            .slice(2)
            .split('/')
            .reduce<Schema>((n, k) => n[k] as Schema, doc),
          doc,
          indent
        )
      : typeName(ref);
    const ownKeys = Object.keys((schema.properties ?? {}) as Schema);
    // Fields the referenced shape declares and this one only makes required.
    const inherited = ((schema.required ?? []) as string[]).filter((k) => !ownKeys.includes(k));
    const parts = [target];
    if (inherited.length) parts.push(`Required<Pick<${target}, ${inherited.map(literal).join(' | ')}>>`);
    if (ownKeys.length)
      parts.push(
        toObject(
          { ...schema, required: ((schema.required ?? []) as string[]).filter((k) => ownKeys.includes(k)) },
          doc,
          indent
        )
      );
    return parts.join(' & ');
  }
  if (schema.const !== undefined) return literal(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map(literal).join(' | ');
  switch (schema.type) {
    case 'string':
      return 'string';
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'array':
      return `Array<${schema.items ? toType(schema.items as Schema, doc, indent) : 'unknown'}>`;
    case 'object':
      return toObject(schema, doc, indent);
    default:
      return 'unknown';
  }
}

function toObject(schema: Schema, doc: Schema, indent: string): string {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema.required ?? []) as string[]);
  const keys = Object.keys(properties);
  if (!keys.length && !required.size) return 'Record<string, unknown>';
  const inner = `${indent}  `;
  const lines = keys.map((k) => {
    const doc_ =
      typeof properties[k]!.description === 'string' ? `${inner}/** ${properties[k]!.description as string} */\n` : '';
    return `${doc_}${inner}${k}${required.has(k) ? '' : '?'}: ${toType(properties[k]!, doc, inner)};`;
  });
  for (const k of required) if (!(k in properties)) lines.push(`${inner}${k}: unknown;`);
  return `{\n${lines.join('\n')}\n${indent}}`;
}

export function generateTypes(): string {
  const out = ['// Generated from schemas/ by scripts/generate-types.ts. Do not edit by hand.', ''];
  for (const [id, schema] of readSchemas()) {
    if (typeof schema.title === 'string') out.push(`/** ${schema.title} (${id}) */`);
    out.push(`export type ${typeName(id)} = ${toType(schema, schema, '')};`, '');
  }
  return out.join('\n');
}

export const generatedTypesPath = fileURLToPath(new URL('../lib/types.generated.ts', import.meta.url));

if (process.argv[1] === import.meta.filename) {
  writeFileSync(generatedTypesPath, generateTypes());
  console.log(`wrote ${generatedTypesPath}`);
}
