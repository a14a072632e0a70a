"""The kit every game's table picture is drawn with (each game's `picture` module): an SVG canvas
whose labels are measured with the vendored DejaVu Sans (svg.py, fonts.py and fonts/), and what
the pictures share: the seats' colours, names and tokens, the email's width (common.py).

Pure Python like the rest of games.rules; games.pictures renders the drawings as PNG."""
