"""The shape story-painter's SealDice importer needs (its README, ../shared/tools/story-painter):
shared by the saves and the CLI tests of the SealDice log export (issue 28)."""

from __future__ import annotations


def check_shape(document: dict[str, object]) -> list[dict[str, object]]:
    """Every rule of story-painter's SealDice importer (and of its editor's round trip)."""
    assert set(document) == {"version", "items"}
    assert isinstance(document["version"], int)
    items = document["items"]
    assert isinstance(items, list) and items
    assert {"isDice", "message"} <= set(items[0])
    ids: dict[str, str] = {}
    for number, item in enumerate(items, start=1):
        assert isinstance(item, dict)
        assert item["id"] == number
        assert isinstance(item["message"], str) and item["message"]
        name = item["nickname"]
        assert isinstance(name, str) and name.strip()
        assert not set(name) & set("()<>\n")
        assert isinstance(item["isDice"], bool)
        assert isinstance(item["time"], int) and 1_000_000_000 < item["time"] < 10**11
        assert isinstance(item["IMUserId"], str) and item["IMUserId"].startswith("STC:")
        assert ids.setdefault(name, item["IMUserId"]) == item["IMUserId"]  # stable per name
        assert item["role"] in ("主持人", "角色")
    assert len(set(ids.values())) == len(ids)
    return items  # type: ignore[return-value]
