/**
 * Realistic sample values for the mock (sample.ts with `realistic: true`): by `format` (email, uri,
 * date-time spread over time, date, uuid, ipv4, hostname) and by property name (names, handles,
 * emails, URLs, image URLs that load with no network, titles, descriptions, cities, countries,
 * phones, currencies, amounts, ids unique within a sample, created before updated). Every value is
 * drawn from the sampler's seeded generator, so one seed gives the same bytes. The sampler keeps a
 * value only where the schema accepts it (lengths, pattern, range); otherwise it samples as usual.
 */
import type { Rng } from './sample-rng.js';

const FIRST = ['Ada', 'Grace', 'Alan', 'Katherine', 'Linus', 'Margaret', 'Tim', 'Radia', 'Dennis', 'Barbara', 'Ken', 'Frances'];
const LAST = ['Lovelace', 'Hopper', 'Turing', 'Johnson', 'Torvalds', 'Hamilton', 'Berners-Lee', 'Perlman', 'Ritchie', 'Liskov', 'Thompson', 'Allen'];
const TITLES = [
  'Marketing site redesign',
  'Quarterly planning board',
  'Mobile onboarding flow',
  'Design system tokens',
  'Checkout experiment',
  'Brand refresh 2024',
  'Customer journey map',
  'Pricing page review',
];
const SENTENCES = [
  'Looks great, ship it when the copy is final.',
  'Can we try a lighter background on this card?',
  'The spacing between the header and the list feels tight.',
  'Updated the icons to match the new grid.',
  'Please review the empty state before Friday.',
  'This flow now follows the accessibility checklist.',
];
const CITIES = ['Paris', 'Lisbon', 'Toronto', 'Nairobi', 'Osaka', 'Melbourne', 'Berlin', 'Austin'];
const COUNTRIES: Array<[string, string]> = [
  ['France', 'FR'],
  ['Portugal', 'PT'],
  ['Canada', 'CA'],
  ['Kenya', 'KE'],
  ['Japan', 'JP'],
  ['Australia', 'AU'],
  ['Germany', 'DE'],
  ['United States', 'US'],
];
const COMPANIES = ['Acme Studio', 'Northwind Labs', 'Globex', 'Initech', 'Umbrella Design', 'Hooli'];
const COLORS = ['4f46e5', '0ea5e9', '10b981', 'f59e0b', 'ef4444', '8b5cf6', 'ec4899', '14b8a6'];
const WORDS = ['design', 'files', 'projects', 'teams', 'assets', 'reports'];

/** 2024-01-01T00:00:00Z, in seconds: sampled times spread over the 18 months after it. */
const EPOCH = 1_704_067_200;

/** What one sample remembers between values: ids given out, the last creation time. */
export interface Realism {
  rng: Rng;
  /** Integer ids given so far in this sample, and where they start. */
  ids: number;
  idBase: number;
  created?: number;
}

/** A property name as compared: lower case, without `_`, `-` and spaces. */
function normal(name: string): string {
  return name.toLowerCase().replace(/[-_\s]/g, '');
}

function pick<T>(r: Rng, list: readonly T[]): T {
  return list[r.int(0, list.length - 1)] as T;
}

function hex(r: Rng, n: number): string {
  let out = '';
  while (out.length < n)
    out += Math.floor(r.next() * 0x100000000)
      .toString(16)
      .padStart(8, '0');
  return out.slice(0, n);
}

/** Whether a property name names an id (`id`, `user_id`, `userId`, `ID`), not a word that ends so (`paid`). */
export function isIdName(name: string | undefined): boolean {
  return name !== undefined && (/^id$/i.test(name) || /[a-z0-9][_-]id$/i.test(name) || /[a-z0-9]Id$/.test(name) || /[a-z0-9]ID$/.test(name));
}

const IMAGE = /avatar|image|img|thumbnail|thumb|photo|picture|icon|logo|banner|cover/;
const PERSON = /user|author|owner|member|person|people|customer|contact|assignee|creator|reviewer|sender|recipient|profile|employee|commenter/;

/** A small generated picture as a data: URL: it loads in any page with no request. */
export function imageUrl(r: Rng, name: string): string {
  const square = /avatar|icon|logo|photo|picture/.test(name);
  const [w, h] = square ? [64, 64] : [640, 360];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><rect width="${w}" height="${h}" fill="#${pick(r, COLORS)}"/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

function person(r: Rng): [string, string] {
  return [pick(r, FIRST), pick(r, LAST)];
}

function timestamp(state: Realism, n: string): number {
  const r = state.rng;
  let t = EPOCH + r.int(0, 540) * 86_400 + r.int(0, 600) * 60;
  if (/updated|modified|edited|changed|resolved|last/.test(n) && state.created !== undefined) t = state.created + r.int(1, 240) * 3600;
  else if (/created|inserted|published|started|issued|joined/.test(n)) state.created = t;
  return t;
}

function iso(seconds: number): string {
  return new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');
}

/**
 * A realistic string for a property `name` (the nearest named property; `parent` the one holding
 * its object) of `format`, or undefined when nothing fits better than the plain sample.
 */
export function realisticString(state: Realism, name: string | undefined, parent: string | undefined, format: string | undefined): string | undefined {
  const r = state.rng;
  const n = normal(name ?? '');
  switch (format) {
    case 'email':
    case 'idn-email': {
      const [first, last] = person(r);
      return `${first}.${last}@example.com`.toLowerCase();
    }
    case 'uuid': {
      const h = hex(r, 32);
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((parseInt(h[16] as string, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
    }
    case 'date-time':
      return iso(timestamp(state, n));
    case 'date':
      return iso(timestamp(state, n)).slice(0, 10);
    case 'ipv4':
      return `203.0.113.${r.int(1, 254)}`;
    case 'hostname':
    case 'idn-hostname':
      return `${pick(r, ['api', 'www', 'cdn', 'app'])}.example.com`;
    case 'uri':
    case 'url':
    case 'iri':
      return IMAGE.test(n) ? imageUrl(r, n) : `https://example.com/${pick(r, WORDS)}/${hex(r, 8)}`;
    case 'uri-reference':
    case 'iri-reference':
      return `/${pick(r, WORDS)}/${hex(r, 8)}`;
    case undefined:
      break;
    default:
      return undefined;
  }
  if (n === '') return undefined;
  if (isIdName(name)) return hex(r, 12);
  if (n.endsWith('email')) return realisticString(state, name, parent, 'email');
  if ((IMAGE.test(n) && /(url|uri|src|href|link)$/.test(n)) || /^(avatar|image|img|thumbnail|thumb|photo|picture|icon|logo|banner|cover)$/.test(n))
    return imageUrl(r, n);
  if (/(url|uri|href|link|website|homepage)$/.test(n)) return `https://example.com/${pick(r, WORDS)}/${hex(r, 8)}`;
  if (/^(first|given)name$/.test(n)) return pick(r, FIRST);
  if (/^(last|family|sur)name$|^surname$/.test(n)) return pick(r, LAST);
  if (/^(full|display|real)name$|^(author|owner|assignee|creator)(name)?$/.test(n) || (n === 'name' && PERSON.test(normal(parent ?? '')))) {
    return person(r).join(' ');
  }
  if (/^(handle|username|login|nickname|screenname)$/.test(n)) return person(r).join('.').toLowerCase();
  if (/^(name|title|subject|headline|label|caption|filename|projectname|teamname)$/.test(n)) return pick(r, TITLES);
  if (/^(description|summary|bio|about|body|message|comment|content|text|note|notes|details)$/.test(n)) return pick(r, SENTENCES);
  if (/^(city|town|locality)$/.test(n)) return pick(r, CITIES);
  if (/^country(name)?$/.test(n)) return pick(r, COUNTRIES)[0];
  if (/^countrycode$/.test(n)) return pick(r, COUNTRIES)[1];
  if (/^(postalcode|zip|zipcode|postcode)$/.test(n)) return String(r.int(10000, 99999));
  if (/^(street|address|line1|addressline1|streetaddress)$/.test(n))
    return `${r.int(1, 240)} ${pick(r, ['Market Street', 'Rue de Rivoli', 'King Street', 'Main Street'])}`;
  if (/phone|mobile|^tel$|telephone/.test(n)) return `+1 202 555 0${r.int(100, 199)}`;
  if (/^(currency|currencycode)$/.test(n)) return pick(r, ['USD', 'EUR', 'GBP']);
  if (/^(company|organization|organisation|org|companyname|organizationname)$/.test(n)) return pick(r, COMPANIES);
  if (n === 'slug')
    return pick(r, TITLES)
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-');
  if (/^colou?r$/.test(n)) return `#${pick(r, COLORS)}`;
  if (/^(locale|language|lang)$/.test(n)) return pick(r, ['en-US', 'fr-FR', 'pt-PT', 'ja-JP']);
  if (/^(timezone|tz)$/.test(n)) return pick(r, ['Europe/Paris', 'America/Toronto', 'Asia/Tokyo']);
  if (n === 'version') return `${r.int(1, 4)}.${r.int(0, 12)}.${r.int(0, 9)}`;
  return undefined;
}

/** A plain text where nothing names what the string holds: a few words, never "string". */
export function realisticText(state: Realism): string {
  return pick(state.rng, TITLES);
}

/**
 * A realistic number for a property `name`: an amount (integer cents, or two decimals), a unique id
 * within the sample, a latitude or longitude; undefined otherwise.
 */
export function realisticNumber(state: Realism, name: string | undefined, integer: boolean): number | undefined {
  const r = state.rng;
  const n = normal(name ?? '');
  if (n === '') return undefined;
  if (isIdName(name) && integer) return state.idBase + ++state.ids;
  if (/(amount|price|total|cost|subtotal|balance|fee|tax|due)$/.test(n) && !/count$/.test(n)) {
    const cents = r.int(5, 2500) * 100 - 1;
    return integer ? cents : cents / 100;
  }
  if (/^(lat|latitude)$/.test(n)) return Math.round((r.next() * 120 - 60) * 1e4) / 1e4;
  if (/^(lng|lon|long|longitude)$/.test(n)) return Math.round((r.next() * 340 - 170) * 1e4) / 1e4;
  return undefined;
}
