// Which server answer a preview document may show when requests overlap. Answers come
// back in any order: a catalog change re-asks for every open preview (a refresh) while
// the user may already be opening another skill in the same tab. Ordered by when each
// request was asked, never by when it was answered:
//   - a newer open of a kind wins over every older request of that kind;
//   - a refresh re-asks for the newest request asked (not the one shown), so it never
//     brings back a skill the user has moved away from;
//   - an answer older than the one shown is dropped.
// No `vscode` import: test/unit/client/previewOrder.test.ts drives it directly.

export class PreviewOrder<K, R> {
  private tickets = 0;
  private readonly kinds = new Map<K, { req: R; opened: number; shown: number; shownReq?: R }>();

  /** An explicit open of `req`: its ticket. */
  open(kind: K, req: R): number {
    const ticket = ++this.tickets;
    const k = this.kinds.get(kind);
    if (k) Object.assign(k, { req, opened: ticket });
    else this.kinds.set(kind, { req, opened: ticket, shown: 0 });
    return ticket;
  }

  /** A refresh of `kind`: its ticket and the request to ask again; undefined if the kind was never opened. */
  refresh(kind: K): { ticket: number; req: R } | undefined {
    const k = this.kinds.get(kind);
    return k && { ticket: ++this.tickets, req: k.req };
  }

  /** Whether the answer to `ticket` may be shown; if so it is now the one shown. */
  settle(kind: K, ticket: number): boolean {
    const k = this.kinds.get(kind);
    if (!k || ticket < k.opened || ticket <= k.shown) return false;
    Object.assign(k, { shown: ticket, shownReq: k.req });
    return true;
  }

  /** The open of `ticket` failed (no such skill, server gone): refreshes go back to what is shown. */
  failed(kind: K, ticket: number): void {
    const k = this.kinds.get(kind);
    if (k?.opened === ticket && k.shown) k.req = k.shownReq as R;
  }
}
