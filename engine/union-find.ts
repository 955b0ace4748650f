/** Union-find on a typed array (path halving, union by smaller root id so results do not depend on edge order). */
export class UnionFind {
  readonly parent: Int32Array;
  /** n singletons, or (an Int32Array) sets given by each element's smallest member: a copy of it is the parents. */
  constructor(n: number | Int32Array) {
    if (typeof n !== 'number') {
      this.parent = n.slice();
      return;
    }
    this.parent = new Int32Array(n);
    for (let i = 0; i < n; i++) this.parent[i] = i;
  }

  find(x: number): number {
    const p = this.parent;
    while (p[x] !== x) {
      p[x] = p[p[x]];
      x = p[x];
    }
    return x;
  }

  union(a: number, b: number): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra === rb) return;
    if (ra < rb) this.parent[rb] = ra;
    else this.parent[ra] = rb;
  }
}
