"""{% chat_panel %}: the game page's table talk, for the game in the page's context."""

from django import template

from chat.views import panel_context

register = template.Library()


@register.inclusion_tag("chat/_panel.html", takes_context=True)
def chat_panel(context):
    return panel_context(context["request"], context["game"])
