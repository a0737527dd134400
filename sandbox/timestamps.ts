/** The same instant or span written as a server of another style writes it (variant timestamps-other). */

/** A UTC timestamp (…Z) as the local time of an offset of `hours` (+01:00). */
export function atOffset(utc: string, hours = 1): string {
  const local = new Date(Date.parse(utc) + hours * 3_600_000).toISOString().replace(/(\.000)?Z$/, '');
  return `${local}${hours < 0 ? '-' : '+'}${String(Math.abs(hours)).padStart(2, '0')}:00`;
}

/** A timestamp to the minute: its seconds (and fraction) left out. */
export const withoutSeconds = (t: string): string => t.replace(/(T\d\d:\d\d):\d\d(\.\d+)?/, '$1');

/** An ISO 8601 duration with half a second more, written as a decimal fraction of its seconds (PT1H23M → PT1H23M0.5S). */
export function withFractionalSeconds(duration: string): string {
  const seconds = /(\d+)S$/.exec(duration);
  if (seconds) return duration.replace(/(\d+)S$/, `${seconds[1]}.5S`);
  return duration.includes('T') ? `${duration}0.5S` : `${duration}T0.5S`;
}
