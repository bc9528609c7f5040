#!/usr/bin/env bash
# Redraw the pictures of docs/tracing.md (needs fminimax[viz] and Graphviz's dot program).
# Run from the top of the repository: bash docs/pictures/make.sh
# tests/test_docs_pictures.py checks that each SVG was drawn from the DOT these commands make.
set -euo pipefail
fminimax tree '[[2, 7], [1, 8]]' --algorithm minimax --quiet --svg docs/pictures/seed-minimax.svg > /dev/null
fminimax tree '[[2, 7], [1, 8]]' --algorithm alphabeta --quiet --svg docs/pictures/seed-alphabeta.svg > /dev/null
fminimax tree '[[3, 12, 8], [2, 4, 6], [14, 5, 2]]' --algorithm minimax --quiet --svg docs/pictures/aima-minimax.svg > /dev/null
fminimax tree '[[3, 12, 8], [2, 4, 6], [14, 5, 2]]' --algorithm alphabeta --quiet --svg docs/pictures/aima-alphabeta.svg > /dev/null
# The stepper's screenshot: Playwright for Python (fminimax[test]) and Debian's chromium.
python docs/pictures/stepper.py  # draws docs/pictures/stepper.png
python docs/pictures/stepper_phone.py  # the same page 400 px wide
python docs/pictures/stepper_end.py  # its end: the value, best move and line highlighted
python docs/pictures/stepper_mtdf.py  # MTD(f)'s last step: the proof of the value
python docs/pictures/projector.py  # the same tree at 1920 x 1080: a projector
python docs/pictures/connect4.py  # Connect Four nodes, mostly board
python docs/pictures/mcts.py  # UCT's growing tree at 1920 x 1080, iteration 15 of 20
python docs/pictures/chance.py  # expectiminimax: a chance node returns its average
# Predict mode, the family side by side, a notebook's view (the same tools; shots.py shares them).
python docs/pictures/predict.py  # draws docs/pictures/predict.png
python docs/pictures/family.py  # draws docs/pictures/family.png
python docs/pictures/inline.py  # draws docs/pictures/inline.png
