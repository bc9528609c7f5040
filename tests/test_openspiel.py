"""OpenSpiel's games as fminimax game values: values equal to OpenSpiel's own searches, the
bot under evaluate_bots, the command line's openspiel: games, and every refusal in one line.

Needs the openspiel extra: without it these tests skip, except under CI=true, where they fail
(tests/conftest.py's needs_module)."""

from __future__ import annotations

import io
import pickle
import random
import subprocess
import sys
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest

from conftest import needs_module
from fminimax import algorithms, cli


@pytest.fixture(scope="module")
def wrap() -> ModuleType:
    """The wrapper, fminimax.interop.openspiel (OpenSpiel must be installed)."""
    needs_module("pyspiel")
    from fminimax.interop import openspiel
    return openspiel


@pytest.fixture(scope="module")
def theirs() -> ModuleType:
    """OpenSpiel's own minimax module: alpha_beta_search and expectiminimax."""
    return needs_module("open_spiel.python.algorithms.minimax")


def spiel_value(theirs: ModuleType, state: Any, depth: int = 10_000,
                value_function: Any = None) -> float:
    """Return OpenSpiel's alpha-beta value of a pyspiel state for the player to move there."""
    value, _ = theirs.alpha_beta_search(state.get_game(), state, value_function=value_function,
                                        maximum_depth=depth)
    return float(value)


def after(wrap: ModuleType, text: str, plies: int, seed: int) -> Any:
    """Return a position ``plies`` random moves from the start, the game not over (a move
    that would end it is never drawn while another remains)."""
    rng = random.Random(seed)
    game, at = wrap.game(text), wrap.start(text)
    for _ in range(plies):
        going = [game.play(at, move) for move in game.moves(at)]
        going = [child for child in going if not game.is_over(child)]
        if not going:
            break
        at = rng.choice(going)
    return at


# --- values equal to OpenSpiel's own searches ------------------------------------------------


def test_every_first_move_of_tic_tac_toe_has_openspiels_alpha_beta_value(
        wrap: ModuleType, theirs: ModuleType) -> None:
    game = wrap.game("tic_tac_toe")
    keyed = wrap.game("tic_tac_toe", key=wrap.string_key)
    root = wrap.start("tic_tac_toe")
    for move in game.moves(root):
        child = game.play(root, move)
        expected = spiel_value(theirs, wrap.spiel_state(child))
        assert algorithms.alphabeta(game, child, distances=False).value == expected, move
        assert algorithms.memoized(keyed, child, distances=False).value == expected, move
        assert algorithms.mtdf(game, child, distances=False).value == expected, move
        exact = algorithms.bisection(game, child).value  # distance values: win in N
        assert (exact > 0) - (exact < 0) == expected, move


def test_tic_tac_toe_every_first_move_has_openspiels_expectiminimax_value(
        wrap: ModuleType, theirs: ModuleType) -> None:
    game, root = wrap.game("tic_tac_toe"), wrap.start("tic_tac_toe")
    for move in game.moves(root)[:3]:
        child = game.play(root, move)
        state = wrap.spiel_state(child)
        expected, _ = theirs.expectiminimax(state, 9, None, state.current_player())
        assert algorithms.expectiminimax(game, child, distances=False).value == expected


@pytest.mark.parametrize("text", ["connect_four(columns=4,rows=4)",
                                  "connect_four(columns=4,rows=3,x_in_row=3)"])
def test_small_connect_four_boards_from_the_start_have_openspiels_values(
        wrap: ModuleType, theirs: ModuleType, text: str) -> None:
    game, root = wrap.game(text, key=wrap.string_key), wrap.start(text)
    expected = spiel_value(theirs, wrap.spiel_state(root))
    assert algorithms.memoized(game, root, distances=False).value == expected


@pytest.mark.parametrize("seed", range(4))
def test_connect_four_5x4_positions_eight_plies_in_have_openspiels_values(
        wrap: ModuleType, theirs: ModuleType, seed: int) -> None:
    text = "connect_four(columns=5,rows=4)"
    at = after(wrap, text, 8, seed)
    expected = spiel_value(theirs, wrap.spiel_state(at))
    assert algorithms.alphabeta(wrap.game(text), at, distances=False).value == expected


@pytest.mark.parametrize("text", ["nim(pile_sizes=1;2;3)", "nim(pile_sizes=2;3;4,is_misere=false)",
                                  "nim(pile_sizes=1;1;4,is_misere=true)"])
def test_nim_every_first_move_has_openspiels_value(wrap: ModuleType, theirs: ModuleType,
                                                   text: str) -> None:
    game, root = wrap.game(text), wrap.start(text)
    assert algorithms.alphabeta(game, root, distances=False).value == spiel_value(
        theirs, wrap.spiel_state(root))
    for move in game.moves(root):
        child = game.play(root, move)
        if not game.is_over(child):
            expected = spiel_value(theirs, wrap.spiel_state(child))
            assert algorithms.minimax(game, child, distances=False).value == expected, move


@pytest.mark.parametrize("variant", [(4, 3, 4), (5, 4, 6), (6, 3, 7)])
def test_pig_has_openspiels_expectiminimax_value_with_every_chance_algorithm(
        wrap: ModuleType, theirs: ModuleType, variant: tuple[int, int, int]) -> None:
    winscore, faces, horizon = variant
    text = f"pig(winscore={winscore},diceoutcomes={faces},horizon={horizon})"
    game, root = wrap.game(text), wrap.start(text)
    expected, _ = theirs.expectiminimax(wrap.spiel_state(root), 10 ** 6, None, 0)
    for name in ("expectiminimax", "star1", "star2"):
        result = algorithms.by_name(name).run(game, root, distances=False)
        assert result.value == pytest.approx(expected, abs=1e-12), name


def material(state: Any, player: int) -> float:
    """Return Breakthrough's material count for ``player`` (0 is black), over 100."""
    board = "".join(str(state).splitlines()[:-1])  # the last line names the columns
    mine, other = ("b", "w") if player == 0 else ("w", "b")
    return (board.count(mine) - board.count(other)) / 100


@pytest.mark.parametrize(("plies", "depth"), [(0, 3), (4, 3), (6, 4), (2, 5)])
def test_breakthrough_at_a_depth_limit_has_openspiels_value_with_the_same_heuristic(
        wrap: ModuleType, theirs: ModuleType, plies: int, depth: int) -> None:
    text = "breakthrough(rows=5,columns=4)"
    at = after(wrap, text, plies, plies)
    state = wrap.spiel_state(at)
    root_player = state.current_player()
    expected = spiel_value(theirs, state, depth, lambda s: material(s, root_player))
    game = wrap.game(text, heuristic=material)
    for name in ("alphabeta", "minimax", "pvs", "memoized"):
        result = algorithms.by_name(name).run(game, at, distances=False, depth=depth)
        assert result.value == pytest.approx(expected), name


@pytest.mark.parametrize("text", ["dots_and_boxes(num_rows=1,num_cols=2)",
                                  "dots_and_boxes(num_rows=1,num_cols=2,utility_margin=true)"])
def test_a_game_where_a_player_moves_twice_in_a_row_keeps_openspiels_values(
        wrap: ModuleType, theirs: ModuleType, text: str) -> None:
    # completing a box gives another turn: the wrapper's relay positions keep the sign right
    game, root = wrap.game(text), wrap.start(text)
    relayed = [game.play(root, m) for m in game.moves(root)]
    assert algorithms.alphabeta(game, root, distances=False).value == spiel_value(
        theirs, wrap.spiel_state(root))
    for seed in range(6):
        at = after(wrap, text, 3, seed)
        if at.relay:
            relayed.append(at)
            at = game.play(at, wrap.PASS)
        if not game.is_over(at):
            expected = spiel_value(theirs, wrap.spiel_state(at))
            assert algorithms.memoized(game, at, distances=False).value == expected


def test_a_relay_position_is_the_opponents_turn_with_one_move_pass(wrap: ModuleType) -> None:
    text = "dots_and_boxes(num_rows=1,num_cols=1)"
    game, at = wrap.game(text), wrap.start(text)
    for action in (0, 1, 2):  # three sides by alternate players; the fourth closes the box
        at = game.play(at, action)
    closer = at.player
    boxed = game.play(at, 3)
    assert game.is_over(boxed) and not boxed.relay
    half = game.play(wrap.start("dots_and_boxes(num_rows=1,num_cols=2)"), 0)
    assert not half.relay and half.player == 1 and closer in (0, 1)


# --- immutability, keys, pickling ------------------------------------------------------------


def test_playing_never_changes_the_position_or_the_state_handed_in(wrap: ModuleType) -> None:
    import pyspiel
    game = wrap.game("tic_tac_toe")
    state = pyspiel.load_game("tic_tac_toe").new_initial_state()
    state.apply_action(4)
    at = wrap.position(state)
    state.apply_action(0)  # the caller's state goes on; the position's copy does not
    before = (at.history, str(at.spiel))
    child = game.play(at, 8)
    algorithms.alphabeta(game, child, distances=False)
    assert (at.history, str(at.spiel)) == before == ((4,), "...\n.x.\n...")
    assert child.history == (4, 8) and at == wrap.position(wrap.spiel_state(at))


def test_positions_are_equal_by_history_and_keyed_by_the_board_on_request(
        wrap: ModuleType) -> None:
    game = wrap.game("tic_tac_toe")
    one = game.play(game.play(game.play(wrap.start("tic_tac_toe"), 0), 4), 8)
    two = game.play(game.play(game.play(wrap.start("tic_tac_toe"), 8), 4), 0)
    assert one != two and wrap.string_key(one) == wrap.string_key(two)
    assert hash(one) == hash(game.play(game.play(game.play(wrap.start("tic_tac_toe"), 0), 4), 8))


def test_a_game_and_its_positions_pickle(wrap: ModuleType) -> None:
    game = wrap.game("connect_four(columns=5,rows=4)", heuristic=material)
    at = after(wrap, "connect_four(columns=5,rows=4)", 5, 1)
    again, back = pickle.loads(pickle.dumps(game)), pickle.loads(pickle.dumps(at))
    assert again.name == game.name and back == at and str(back.spiel) == str(at.spiel)
    assert algorithms.alphabeta(again, back, depth=3).value == algorithms.alphabeta(
        game, at, depth=3).value
    move = game.moves(at)[0]
    assert pickle.loads(pickle.dumps(move)) == move and repr(move).startswith("Action(")


def test_moves_are_openspiels_action_numbers_shown_by_its_names(wrap: ModuleType) -> None:
    game, root = wrap.game("tic_tac_toe"), wrap.start("tic_tac_toe")
    moves = game.moves(root)
    assert moves == tuple(range(9)) and [str(m) for m in moves[:2]] == ["x(0,0)", "x(0,1)"]
    assert game.play(root, 4) == game.play(root, moves[4])
    with pytest.raises(ValueError, match="not a legal action"):
        game.play(root, 9)
    with pytest.raises(ValueError, match="not a legal action"):
        game.play(root, True)


def test_chance_outcomes_carry_their_probabilities_and_players(wrap: ModuleType) -> None:
    game = wrap.game("pig(winscore=4,diceoutcomes=3,horizon=4)")
    rolled = game.play(wrap.start("pig(winscore=4,diceoutcomes=3,horizon=4)"), 0)
    outcomes = game.chances(rolled)
    assert game.moves(rolled) == () and not game.is_over(rolled)
    assert sum(p for p, _ in outcomes) == pytest.approx(1)
    assert [o.player for _, o in outcomes] == [1, 0, 0] and rolled.player == 1


# --- refusals ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "said"), [
    ("goofspiel", "goofspiel has simultaneous moves"),
    ("kuhn_poker", "kuhn_poker has imperfect information"),
    ("pig(players=3)", "pig has 3 players"),
    ("tic_tac_toé", "printable ASCII"),
    ("connect_four(columns=5", "unbalanced parentheses"),
    ("connect_four)columns=5(", "unbalanced parentheses"),
    ("connect_four(game=tic_tac_toe())", "a game inside a game's parameters"),
    ("connect_four()(", "unbalanced parentheses"),
    ("connect_four()()", "NAME or NAME(KEY=VALUE,...)"),
    ("connect_four(columns=" + "9" * 5000 + ")", "at most 200 characters"),
    ("connect_four(columns=99999)", "columns is a whole number from 0 to 1000"),
    ("connect_four(columns=-3)", "columns is a whole number from 0 to 1000"),
    ("connect_four(columns=five)", "columns is a whole number"),
    ("connect_four(columns=5,columns=4)", "given twice"),
    ("connect_four(colour=5)", "connect_four has no parameter 'colour'"),
    ("connect_four(columns)", "KEY=VALUE"),
    ("nim(is_misere=maybe)", "is_misere is true or false"),
    ("nim(pile_sizes=1;a)", "OpenSpiel cannot make"),
    ("breakthrough(rows=0,columns=0)", "OpenSpiel cannot make"),
    ("gomoku(size=1000)", "1,000,000 distinct actions, more than 100,000"),
    ("chess960", "OpenSpiel has no game 'chess960'"),
    ("", "NAME or NAME(KEY=VALUE,...)"),
    ("connect_four(columns=0)", "no legal action"),
])
def test_a_game_that_cannot_be_searched_is_refused_in_one_line(
        wrap: ModuleType, text: str, said: str) -> None:
    with pytest.raises(ValueError, match=None) as refused:
        wrap.start(text)
    assert said in str(refused.value) and "\n" not in str(refused.value)


def test_general_sum_and_sampled_chance_games_are_refused_by_their_property(
        wrap: ModuleType) -> None:
    import pyspiel
    base = pyspiel.load_game("tic_tac_toe").get_type()
    kinds = {name: getattr(base, name) for name in ("dynamics", "information", "utility",
                                                     "chance_mode")}
    general = SimpleNamespace(**{**kinds, "utility": pyspiel.GameType.Utility.GENERAL_SUM})
    sampled = SimpleNamespace(**{**kinds, "chance_mode":
                                 pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC})
    assert wrap.refusal(general, 2) == "is general-sum"
    assert "samples its chance outcomes" in wrap.refusal(sampled, 2)
    with pytest.raises(TypeError, match="a position is made from a pyspiel state"):
        wrap.position("tic_tac_toe")


# --- the bot -------------------------------------------------------------------------------


@pytest.mark.parametrize("algorithm", ["alphabeta", "mtdf", "iterative"])
def test_the_search_bot_never_loses_tic_tac_toe_to_a_random_bot(algorithm: str,
                                                                wrap: ModuleType) -> None:
    np = needs_module("numpy")
    import pyspiel
    from open_spiel.python.algorithms.evaluate_bots import evaluate_bots
    from open_spiel.python.bots.uniform_random import UniformRandomBot
    spiel = pyspiel.load_game("tic_tac_toe")
    options = {"seconds": 5.0} if algorithm == "iterative" else {}
    scores = []
    # two games from each side: every game is a search from the first or second move (the
    # bot keeps nothing between moves), so more seeds repeat the same searches against
    # other random replies
    for seed in range(2):
        for side in (0, 1):
            searcher = wrap.SearchBot(spiel, algorithm, table=True, **options)
            bots = [searcher, UniformRandomBot(1 - side, np.random.RandomState(seed))]
            returns = evaluate_bots(spiel.new_initial_state(), bots[::1 - 2 * side],
                                    np.random.RandomState(seed))
            scores.append(returns[side])
    assert min(scores) >= 0 and max(scores) == 1


def test_the_bot_plays_a_game_with_chance_nodes_at_a_depth_limit(wrap: ModuleType) -> None:
    np = needs_module("numpy")
    import pyspiel
    from open_spiel.python.algorithms.evaluate_bots import evaluate_bots
    spiel = pyspiel.load_game("pig(winscore=10,diceoutcomes=4,horizon=40)")
    bots = [wrap.SearchBot(spiel, "star2", depth=3), wrap.SearchBot(spiel, "expectiminimax",
                                                                      depth=2)]
    returns = evaluate_bots(spiel.new_initial_state(), bots, np.random.RandomState(3))
    assert sorted(returns) in ([-1, 1], [0, 0]) and bots[0].last is not None


@pytest.mark.parametrize(("settings", "said"), [
    ({"algorithm": "quantum"}, "unknown algorithm 'quantum'"),
    ({"algorithm": "alphabeta", "seconds": 1.0}, "needs the iterative algorithm"),
    ({"algorithm": "iterative", "seconds": float("nan")},
     "seconds is a number of seconds above 0 and at most 86,400"),
    ({"algorithm": "alphabeta", "depth": 0}, "depth must be an int from 1"),
    ({"algorithm": "bisection", "depth": 3}, "bisection searches to the end only"),
])
def test_a_bot_that_cannot_search_is_refused_before_any_move(
        wrap: ModuleType, settings: dict[str, Any], said: str) -> None:
    with pytest.raises(ValueError, match=said):
        wrap.SearchBot("tic_tac_toe", **settings)


def test_a_bot_for_a_long_game_needs_a_limit_and_one_game_only(wrap: ModuleType) -> None:
    import pyspiel
    with pytest.raises(ValueError, match="may last 17695 plies"):
        wrap.SearchBot("chess")
    bot = wrap.SearchBot("connect_four(columns=5,rows=4)", depth=2)
    with pytest.raises(ValueError, match="this bot plays connect_four"):
        bot.step(pyspiel.load_game("tic_tac_toe").new_initial_state())


# --- the command line ------------------------------------------------------------------------


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = cli.main(list(argv), out, err)
    return status, out.getvalue(), err.getvalue()


def test_match_plays_an_openspiel_game_named_with_its_parameters(wrap: ModuleType) -> None:
    status, out, err = run("match", "openspiel:connect_four(columns=5,rows=4)", "--first",
                           "alphabeta:depth=4", "--second", "alphabeta:depth=1", "--games", "4",
                           "--json")
    assert status == 0 and err == ""
    assert '"game": "openspiel:connect_four(columns=5,rows=4)"' in out and '"games": 4' in out


def test_match_plays_a_chance_game_of_openspiel(wrap: ModuleType) -> None:
    status, out, _ = run("match", "openspiel:pig(winscore=4,diceoutcomes=3,horizon=6)",
                         "--first", "star2", "--second", "expectiminimax:depth=1", "--games",
                         "2", "--openings", "0")
    assert status == 0 and "games:   2" in out


def test_solve_reads_an_openspiel_position_as_its_history(wrap: ModuleType) -> None:
    status, out, _ = run("solve", "openspiel:tic_tac_toe", "--board", "4 0", "--json")
    assert status == 0 and '"value": 0' in out and '"best_move": 1' in out


@pytest.mark.parametrize(("argv", "said"), [
    (("match", "openspiel:goofspiel"), "goofspiel has simultaneous moves"),
    (("match", "openspiel:nim(pile_sizes=1;a)"), "OpenSpiel cannot make"),
    (("match", "openspiel:checkers(rows=0,columns=0)"), "rows_ >= 1"),
    (("match", "openspiel:tic_tac_toe(x=1"), "unbalanced parentheses"),
    (("match", "openspiel:tic_tac_toe", "--size", "3x3"), "does not take --size"),
    (("match", "openspiel:chess"), "more than an exact search follows"),
    # 7x6 Connect Four through OpenSpiel: refused as fminimax's own beyond 30 empty cells,
    # where it searched for hours in silence
    (("solve", "openspiel:connect_four"), "42 more plies, more than an exact search follows (30)"),
    (("solve", "openspiel:tic_tac_toe", "--board", "4 4"), "action 4 (the 2nd) is not legal"),
    (("solve", "openspiel:tic_tac_toe", "--board", "4 ٤"), "as numbers separated by spaces"),
])
def test_an_openspiel_game_the_cli_cannot_serve_is_one_line_on_stderr(
        wrap: ModuleType, capfd: pytest.CaptureFixture[str], argv: tuple[str, ...],
        said: str) -> None:
    specs = ("--first", "alphabeta", "--second", "alphabeta") if argv[0] == "match" else ()
    status, out, err = run(*argv, *specs)
    native = capfd.readouterr()  # OpenSpiel's C++ prints its errors: silenced
    assert status == 2 and out == "" and err.count("\n") == 1 and said in err
    assert "OpenSpiel exception" not in native.err + native.out


def test_without_the_extra_the_wrapper_and_the_cli_name_it_in_one_line() -> None:
    blocked = ("import sys; sys.modules['pyspiel'] = None\n"
               "try:\n    import fminimax.interop.openspiel\n"
               "except ImportError as error:\n    print(error)\n"
               "from fminimax import cli\n"
               "sys.exit(cli.main(['match', 'openspiel:tic_tac_toe', '--first', 'alphabeta', "
               "'--second', 'alphabeta']))\n")
    done = subprocess.run([sys.executable, "-c", blocked], capture_output=True, text=True,
                          timeout=120)
    extra = "install the extra: pip install 'fminimax[openspiel]'"
    assert done.returncode == 2 and extra in done.stdout and done.stdout.count("\n") == 1
    assert extra in done.stderr and done.stderr.count("\n") == 1


def test_import_fminimax_and_the_readmes_first_command_never_import_openspiel() -> None:
    script = ("import sys, io\nimport fminimax\nfrom fminimax import cli\n"
              "cli.main(['best-move', 'oox/xx5/oo8'], io.StringIO(), io.StringIO())\n"
              "print(sorted(m for m in sys.modules if 'spiel' in m))\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=120)
    assert done.stdout.strip() == "[]", done.stderr


def test_openspiels_python_games_are_wrapped_too_once_registered(
        wrap: ModuleType, theirs: ModuleType) -> None:
    needs_module("open_spiel.python.games")  # registers python_tic_tac_toe and the others
    game = wrap.game("python_tic_tac_toe")
    at = game.play(game.play(wrap.start("python_tic_tac_toe"), 4), 1)
    expected = spiel_value(theirs, wrap.spiel_state(at))
    assert algorithms.alphabeta(game, at, distances=False).value == expected == 1


def test_openspiels_own_cpp_evaluate_bots_runs_the_bot_against_its_mcts(
        wrap: ModuleType) -> None:
    import pyspiel
    spiel = pyspiel.load_game("tic_tac_toe")
    rollouts = pyspiel.RandomRolloutEvaluator(1, 7)
    ours = []
    for seed in range(4):
        mcts = pyspiel.MCTSBot(spiel, rollouts, 2.0, 200, 10 ** 6, True, seed, False)
        searcher = wrap.SearchBot(spiel, "mtdf", table=True)
        side = seed % 2
        bots = [searcher, mcts] if side == 0 else [mcts, searcher]
        ours.append(pyspiel.evaluate_bots(spiel.new_initial_state(), bots, seed)[side])
    assert min(ours) >= 0


@pytest.mark.parametrize("game", ["connect_four(columns=1000,rows=1000)",
                                  "dots_and_boxes(num_rows=200,num_cols=200)",
                                  "hex(board_size=300)", "connect_four(columns=300,rows=300)"])
def test_a_game_too_large_to_search_is_refused_before_a_state_is_made(
        wrap: ModuleType, game: str) -> None:
    out, err = io.StringIO(), io.StringIO()
    status = cli.main(["solve", f"openspiel:{game}", "--depth", "1"], out, err)
    assert (status, out.getvalue()) == (2, "") and err.getvalue().count("\n") == 1
    assert "is too large to search" in err.getvalue() and "choose smaller" in err.getvalue()


@pytest.mark.parametrize("game", ["chess", "hex(board_size=26)", "go(board_size=19)",
                                  "connect_four"])
def test_the_usual_games_are_within_the_size_limit(wrap: ModuleType, game: str) -> None:
    from fminimax.interop.openspiel.loading import load
    assert load(game).num_distinct_actions() > 0


def test_the_bot_plays_connect_four_with_fminimax_s_heuristic_and_beats_mcts(
        wrap: ModuleType) -> None:
    """OpenSpiel's Connect Four is a game fminimax knows: cut-offs are scored and moves
    ordered as fminimax's rules do, by default, and the bot beats OpenSpiel's MCTSBot (400
    simulations) from either side.  OpenSpiel's C++ MCTSBot is the same search as its Python
    one at a twentieth of the time; four games, two from each side, each won at depth 5 (at
    depth 4 the bot already loses one: the depth is what beats it, not the seeds)."""
    import pyspiel

    spiel = pyspiel.load_game("connect_four")
    ours = wrap.SearchBot(spiel, "alphabeta", depth=5, table=True)
    state = spiel.new_initial_state()
    for column in (3, 0, 3):
        state.apply_action(column)
    ours.step(state)
    assert ours.last.value != 0 and not ours.last.exact  # an estimate, not the zero cut-off
    for seed in range(4):
        theirs = pyspiel.MCTSBot(spiel, pyspiel.RandomRolloutEvaluator(1, seed), 2.0, 400,
                                 10 ** 6, False, seed, False)
        side = seed % 2
        bots = [ours, theirs] if side == 0 else [theirs, ours]
        returns = pyspiel.evaluate_bots(spiel.new_initial_state(), bots, seed)
        assert returns[side] == 1, (seed, returns)


def test_a_bot_searching_to_the_end_stops_at_its_node_budget_in_one_line(
        wrap: ModuleType) -> None:
    import pyspiel

    from fminimax.interop.openspiel.bot import EXACT_NODES, SearchBot

    spiel = pyspiel.load_game("connect_four")
    bot = SearchBot(spiel)
    bot.max_nodes = 5_000
    with pytest.raises(ValueError, match="did not finish within 5,000 nodes") as error:
        bot.step(spiel.new_initial_state())
    assert "\n" not in str(error.value)
    assert SearchBot(spiel).max_nodes == EXACT_NODES


def test_a_search_bot_plays_7x6_connect_four_exactly_from_the_opening_book() -> None:
    """Searching to the end, the bot plays 7x6 connect_four from its first move by the
    opening book (the centre, the only winning column), and keeps the win later on."""
    needs_module("bitbully_databases")
    pyspiel = needs_module("pyspiel")
    from fminimax.interop.openspiel import SearchBot

    spiel = pyspiel.load_game("connect_four")
    bot, state = SearchBot(spiel, "alphabeta", table=True), spiel.new_initial_state()
    assert bot.step(state) == 3 and bot.last.exact
    for action in (3, 3, 3, 3):  # 4444 (1-based): still the centre, as Pons' solver says
        state.apply_action(action)
    assert bot.step(state) == 3


def test_the_bot_scores_tic_tac_toe_cut_offs_with_fminimax_s_heuristic(wrap: ModuleType) -> None:
    """OpenSpiel's tic_tac_toe is a game fminimax knows too: a search cut off at depth 1
    scores each move's position with fminimax's tic-tac-toe heuristic (squashed below a win),
    by default, not with 0."""
    import pyspiel

    from fminimax.games import tictactoe as ttt
    from fminimax.interop.openspiel.known import squashed

    spiel = pyspiel.load_game("tic_tac_toe")
    state, position, game = spiel.new_initial_state(), ttt.start(3, 3), ttt.game()
    for cell in (4, 0):  # x in the centre, o in a corner: OpenSpiel's cell is fminimax's
        state.apply_action(cell)
        position = game.play(position, cell)
    ours = wrap.SearchBot(spiel, "alphabeta", depth=1, table=False)
    ours.step(state)
    best = max(ttt.heuristic(game.play(position, cell), "x") for cell in game.moves(position))
    assert (ours.last.value, ours.last.exact) == (squashed(best), False) and best != 0


OTHELLO_6_EMPTY = (26, 34, 41, 19, 20, 18, 42, 48, 11, 21, 14, 3, 9, 25, 10, 0, 12, 30, 5, 2,
                   22, 23, 40, 33, 13, 6, 32, 24, 45, 37, 8, 4, 43, 51, 46, 44, 49, 58, 56,
                   50, 15, 17, 39, 1, 16, 7, 53, 61, 57, 55, 59, 52, 47, 31)
"""An Othello position (random play, six squares left) where mate-distance bounds pruned
the leaf that showed a player losing by their own move: bisection said a win in 7."""


def test_othello_where_a_last_move_may_lose_is_solved_without_mate_bounds(
        wrap: ModuleType) -> None:
    from fminimax.core import MateError

    game = wrap.game("othello")
    state = wrap.start("othello")
    for action in OTHELLO_6_EMPTY:
        state = game.play(state, action)
    found = algorithms.solve(game, state)
    assert found.algorithm == "memoized"
    assert found.value == algorithms.solve(game, state, "minimax", distances=True).value
    with pytest.raises(MateError, match="own move"):
        algorithms.bisection(game, state)
    for safe in ("tic_tac_toe", "connect_four(columns=5,rows=4)"):  # bisection still serves
        assert wrap.game(safe).loses_by_own_move is None
