"""``st-console saves --json`` without a campaign: the listing as JSON (INTERFACE.md §1,
``saves [CAMPAIGN] [--json]``). With a campaign, ``console/cli_saves.py`` prints its standing.

Keys: ``save_dir``, ``last_opened`` (``{"campaign", "scene"}`` or null) and ``campaigns``, each
``{"name", "scenes": [{"name", "system"}], "held_by", "forked_from", "problem"}`` — the same
facts the text listing prints, in English keys whatever ``--lang`` says.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from saves.store import CampaignInfo


def listing(root: Path, infos: Sequence[CampaignInfo], last: tuple[str, str | None] | None) -> str:
    """The listing of the campaigns in ``root`` as one JSON document."""
    document: dict[str, Any] = {
        "save_dir": str(root),
        "last_opened": None if last is None else {"campaign": last[0], "scene": last[1]},
        "campaigns": [
            {
                "name": info.name,
                "scenes": [{"name": s.name, "system": s.system} for s in info.scenes],
                "held_by": info.holder,
                "forked_from": None if info.forked_from is None else info.forked_from.document(),
                "problem": info.problem,
            }
            for info in infos
        ],
    }
    return json.dumps(document, ensure_ascii=False)
