/**
 * Timestamps as the document leaves them open (ASSUME-FORMATS): ISO 8601 in its extended or basic
 * format, seconds optional, any offset where UTC is not stated (schemas/timestamp.json). The stricter
 * reading wants each to the second, in UTC.
 */

const BASIC = /^(\d{4})(\d\d)(\d\d)[Tt](\d\d)(\d\d)(\d\d)?([.,]\d+)?([Zz]|[+-]\d\d(?:\d\d)?)?$/;
const SECONDS = /[Tt]\d\d:?\d\d:?\d\d/;
const UTC = /([Zz]|[+-]00:?(00)?)$/;

/** An offset as JavaScript reads one: ±hh:mm. */
const offset = (o: string | undefined) =>
  !o || /^[Zz]$/.test(o) ? (o ?? '') : `${o.slice(0, 3)}:${o.slice(3) || '00'}`;

/** The instant `text` names (epoch ms), or undefined when it names none JavaScript can read. */
export function instantOf(text: string): number | undefined {
  const basic = BASIC.exec(text);
  const extended = basic
    ? `${basic[1]}-${basic[2]}-${basic[3]}T${basic[4]}:${basic[5]}${basic[6] ? `:${basic[6]}` : ''}${basic[7] ?? ''}${offset(basic[8])}`
    : text.replace(/([+-]\d\d):?(\d\d)?$/, (_all, h: string, m?: string) => `${h}:${m ?? '00'}`);
  const ms = Date.parse(extended.replace(',', '.'));
  return Number.isFinite(ms) ? ms : undefined;
}

/** What `text` lacks of a timestamp to the second in UTC (the stricter reading of ASSUME-FORMATS), if anything. */
export function shortOfStrict(text: string): string | undefined {
  const missing = [...(SECONDS.test(text) ? [] : ['seconds']), ...(UTC.test(text) ? [] : ['UTC'])];
  return missing.length ? `no ${missing.join(', no ')}` : undefined;
}
