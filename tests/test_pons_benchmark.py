"""benchmarks/pons.py's command-line columns: every line answered, matched by its number, and
checked against the set's score and the sequence it solved."""

from __future__ import annotations

from benchmarks import pons


def test_each_answer_is_checked_against_its_own_lines_score_and_sequence() -> None:
    rows = [("4455", 18, 3), ("4455", 18, 3), ("4455", 18, 3), ("4455", 18, 3)]
    records = {1: {"line": 1, "position": "4455", "score": 18, "nodes": 3, "seconds": 0.001},
               2: {"line": 2, "position": "4456", "score": 18, "nodes": 3, "seconds": 0.001},
               3: {"line": 3, "error": "the exact search of ... did not end within ..."}}
    cells = [cell.strip() for cell in pons.cli_cells(rows, records).split("|")]
    # right, refused (an error object, and line 4 never answered), wrong (another sequence)
    assert cells[:3] == ["1/4", "2", "1"]


def test_the_command_line_scores_a_sets_lines_through_board_dash() -> None:
    rows = [("4455", 18, 3), ("32164625", 11, 17_197), ("4455", 17, 3)]  # the last: wrong
    records = pons.cli_records(rows)
    assert sorted(records) == [1, 2, 3]
    cells = [cell.strip() for cell in pons.cli_cells(rows, records).split("|")]
    assert cells[:3] == ["2/3", "0", "1"]
