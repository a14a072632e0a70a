"""What every app may use and that knows no app: the error type and its codes (`errors`), the API's
error body and DRF exception handler (`api`), and the once-per-outage logger (`outage`). It is the
bottom layer: it imports no app of Trailpost (an import-linter contract in pyproject.toml), so that
accounts, games, notifications, chat and standings all may import it.
"""
