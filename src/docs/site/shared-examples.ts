/**
 * Examples several operations of a group show (GitHub's contract returns the same 33 kB repository
 * from 16 operations): each is written once, in a script the group's pages share
 * (`<group>.examples.js`, one assignment of JSON to `self.specforgeExamples`), and the page's
 * script (assets/docs.js) puts it into each code block that names it (`data-ex`), with textContent.
 * An example shown once in its group stays in its page.
 *
 * While the operations are rendered, an example's code block is a token in their HTML; `resolve`
 * replaces the tokens of a group's pages once the group's pages are known. A token carries a
 * random key drawn per build, so no text of the contract can pass for one, and every token is
 * replaced: the output does not depend on the key.
 */
import { randomBytes } from 'node:crypto';

/** An example shared by fewer characters than this stays in each page (its placeholder would weigh about as much). */
export const SHARE_MIN = 150;

/** What a reader without JavaScript sees in a shared example's code block (the file named after it). */
const FALLBACK = 'Shown with JavaScript, from';

interface Entry {
  /** The code block's text, as shown. */
  text: string;
  /** A JSON example's value, when the page's script can print it back to the same text (JSON.stringify with tabs). */
  value?: unknown;
  /** `[value]` printed without spaces, once known to print back to `text`. */
  compact: string | undefined;
}

/** The code block of an example: `<pre class="code">` with its text escaped for element content. */
export function codeBlock(escaped: string): string {
  return `<pre class="code" tabindex="0"><code>${escaped}</code></pre>`;
}

/** Text in an element's content (a code block): only `&`, `<` and `>` need escaping there, not quotes (JSON is full of them). */
export function codeText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export class ExampleShelf {
  private readonly key = randomBytes(9).toString('hex');
  private readonly token = new RegExp(`\u0001x${this.key}\\.(\\d+)\u0001`, 'g');
  private readonly entries: Entry[] = [];
  private readonly byText = new Map<string, number>();
  private pending = 0;

  /**
   * The code block of an example, as a token: `text` is what it shows; `value` the JSON value it
   * was printed from (with tabs), if so.
   */
  block(text: string, value?: unknown): string {
    if (text.length < SHARE_MIN) return codeBlock(codeText(text));
    let n = this.byText.get(text);
    if (n === undefined) {
      n = this.entries.length;
      this.entries.push({ text, value, compact: undefined });
      this.byText.set(text, n);
    }
    const token = `\u0001x${this.key}.${n}\u0001`;
    // The page's weight counts the block as written in place, so the pages are cut where they were.
    this.pending += codeBlock(codeText(text)).length - token.length;
    return token;
  }

  /** Characters the examples given as tokens since the last call weigh in place beyond their tokens (an operation's weight for its page counts them). */
  taken(): number {
    const n = this.pending;
    this.pending = 0;
    return n;
  }

  /**
   * A group's pages with their tokens replaced: an example shown more than once in the group is a
   * placeholder the page's script fills from `script` (undefined when none is); any other in place.
   */
  resolve(pages: readonly string[], scriptFile: string): { pages: string[]; script?: string } {
    const count = new Map<number, number>();
    for (const html of pages) for (const m of html.matchAll(this.token)) count.set(Number(m[1]), (count.get(Number(m[1])) ?? 0) + 1);
    const slot = new Map<number, number>();
    const data: string[] = [];
    for (const [n, times] of count) {
      if (times < 2) continue;
      slot.set(n, data.length);
      data.push(this.dataOf(this.entries[n] as Entry));
    }
    const out = pages.map((html) =>
      html.replace(this.token, (_, id: string) => {
        const n = Number(id);
        const k = slot.get(n);
        return k === undefined
          ? codeBlock(codeText((this.entries[n] as Entry).text))
          : `<pre class="code" tabindex="0" data-ex="${k}"><code>${FALLBACK} ${codeText(scriptFile)}</code></pre>`;
      }),
    );
    return data.length === 0 ? { pages: out } : { pages: out, script: `self.specforgeExamples = [${data.join(',')}];\n` };
  }

  /**
   * An entry as the script holds it (JSON, read as a script): `[value]` where printing the value
   * with tabs gives its text back (the value without spaces is lighter), else the text as a string.
   */
  private dataOf(entry: Entry): string {
    if (entry.compact === undefined && entry.value !== undefined) {
      try {
        const pretty = JSON.stringify(entry.value, null, '\t');
        // An object literal's "__proto__" key sets a prototype instead of a property: such a value is kept as text.
        if (pretty === entry.text && !pretty.includes('"__proto__"')) entry.compact = `[${JSON.stringify(entry.value)}]`;
      } catch {
        // A value JSON cannot print (not from a JSON or YAML document) is kept as text.
      }
      entry.value = undefined;
    }
    return entry.compact ?? JSON.stringify(entry.text);
  }
}
