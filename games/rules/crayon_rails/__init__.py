"""Crayon rails."""
