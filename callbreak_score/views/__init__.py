"""What people read: the scorecard and every text, table, chart and card, fitted to the screen's
columns."""
