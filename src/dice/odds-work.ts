/** Thrown by an odds computation that has spent its work budget; odds() turns it into a NotationError. */
export class WorkExceeded extends Error {
  constructor(readonly spent: number) {
    super(`exact odds stopped after ${spent} steps`);
    this.name = "WorkExceeded";
  }
}

/**
 * Steps an odds computation may take. Engines whose work is known in advance are refused before they
 * start (odds.ts compares their estimate with the limit); an engine whose work depends on what it
 * finds on the way (keepDistribution) counts its steps here and stops at the limit, so no formula can
 * run on for longer than the limit allows.
 */
export class WorkBudget {
  spent = 0;
  constructor(readonly limit: number) {}

  spend(steps: number): void {
    this.spent += steps;
    if (this.spent > this.limit) throw new WorkExceeded(this.spent);
  }
}
