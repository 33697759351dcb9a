"""Services people name in their rules the way they type them ("linkedin: no", "pagerduty pages",
"Slack-Digests"): a known service's name is a name however it is written, never a common noun or a German
noun-like capital (T7). Only names that are not also ordinary words ("indeed", "booking", "signal" are not here).
"""

from __future__ import annotations

__all__ = ["MAILS_ONLY", "brand"]

_NAMES = (
    "LinkedIn Facebook Instagram TikTok Twitter YouTube Pinterest Snapchat Reddit Strava XING Slack GitHub GitLab "
    "Bitbucket Jira Confluence Trello Asana Notion Figma Zoom PagerDuty Opsgenie Sentry Datadog Dependabot Jenkins "
    "Vercel Netlify Heroku Stripe PayPal Revolut N26 Nubank Amazon eBay Etsy AliExpress Shein Temu Zalando Vinted "
    "Leboncoin Wallapop iFood Rappi Glovo Deliveroo DoorDash Shopee Netflix Spotify Airbnb Doctolib Zillow Redfin "
    "Trulia InfoJobs Glassdoor Duolingo Tinder Google Microsoft Dropbox Canva Calendly Shopify Mailchimp Substack "
    "Quora Twitch Discord Telegram Skype Malt Upwork Fiverr Qonto Lydia Bizum Klarna Trustpilot Tripadvisor"
).split()
# services that reach a person only by e-mail here (never a WhatsApp chat, never a calendar item of theirs): a rule
# that names only these can only be about e-mails (chat apps, banks, delivery and meeting services are not here)
MAILS_ONLY = frozenset((
    "LinkedIn Facebook Instagram TikTok Twitter YouTube Pinterest Snapchat Reddit Strava XING Slack GitHub GitLab "
    "Bitbucket Jira Confluence Trello Asana Notion Figma PagerDuty Opsgenie Sentry Datadog Dependabot Jenkins "
    "Vercel Netlify Heroku Stripe eBay Etsy AliExpress Shein Temu Zalando Vinted Leboncoin Wallapop Netflix Spotify "
    "Airbnb Doctolib Zillow Redfin Trulia InfoJobs Glassdoor Duolingo Dropbox Canva Shopify Mailchimp Substack Quora "
    "Twitch Malt Upwork Fiverr Trustpilot Tripadvisor"
).split())
_SHORT = {"insta": "Instagram", "fb": "Facebook", "yt": "YouTube", "gh": "GitHub"}
_TWO = {("mercado", "livre"): "Mercado Livre", ("mercado", "libre"): "Mercado Libre",
        ("mercado", "pago"): "Mercado Pago", ("uber", "eats"): "Uber Eats", ("google", "calendar"): "",
        ("apartments", "com"): "Apartments.com", ("microsoft", "teams"): "Microsoft Teams",
        ("google", "drive"): "Google Drive", ("google", "docs"): "Google Docs", ("apple", "pay"): "Apple Pay"}
_ONE = {n.lower(): n for n in _NAMES} | _SHORT


def brand(lows: list[str], i: int) -> tuple[str, int] | None:
    """The service named at lows[i] (lower-case words) and how many words name it, or None."""
    if i + 1 < len(lows) and (pair := _TWO.get((lows[i], lows[i + 1]))) is not None:
        return (pair, 2) if pair else None
    name = _ONE.get(lows[i])
    return (name, 1) if name else None
