// The game page's socket retry schedule (static/js/game/retry.js): node --test tests/js
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { retryDelay } from "../../src/nard/server/static/js/game/retry.js";

describe("retryDelay", () => {
  it("stays short while the page is visible", () => {
    assert.deepEqual(
      [0, 1, 2, 3, 4, 10, 100].map((n) => retryDelay(n, true)),
      [500, 1000, 2000, 3000, 3000, 3000, 3000],
    );
  });

  it("backs off only while hidden, up to 15 s", () => {
    assert.deepEqual(
      [0, 1, 2, 3, 4, 5, 6, 50].map((n) => retryDelay(n, false)),
      [500, 1000, 2000, 4000, 8000, 15000, 15000, 15000],
    );
  });
});
