"""What the odds benchmarks share: cold caches before each timed run (scripts, not tests)."""

from __future__ import annotations

from engine.dice import odds_pool


def clear_odds_caches() -> None:
    """Forget every cached pool distribution, so the next odds are computed from cold."""
    for cached in (
        odds_pool.binomial,
        odds_pool.exploding_pool,
        odds_pool.level1_across_pool,
        odds_pool.level1_wave_pool,
    ):
        cached.cache_clear()
