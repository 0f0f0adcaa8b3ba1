"""The one place that lists what the offline and browser checks let through, each with its reason."""

# Links a reader clicks, to the pages and papers the book cites. They are <a href>
# only: nothing is loaded from these hosts when a page opens.
READER_LINK_HOSTS: dict[str, str] = {
    "docs.aws.amazon.com": "AWS documentation cited in chapter references",
    "www.usenix.org": "Elhemali et al., USENIX ATC 2022",
    "doi.org": "DOIs of cited papers",
    "dl.acm.org": "ACM papers cited",
    "arxiv.org": "arXiv preprints cited (jump consistent hash)",
    "aws.amazon.com": "AWS blog posts cited",
    "www.sphinx-doc.org": "the theme's 'Built with Sphinx' footer link",
    "sphinx-doc.org": "the theme's footer link",
    "pydata-sphinx-theme.readthedocs.io": "the theme's footer link",
    "sphinx-book-theme.readthedocs.io": "the theme's footer link",
    "jupyterbook.org": "the theme's 'By Jupyter Book' footer link",
    "executablebooks.org": "the theme's footer link",
    "github.com": "the theme's default repository link (hidden: repository buttons are off)",
}


# The pages the course's sources cite (hp.SOURCES: each with its quoted sentence), shown as links in the
# chapters' source boxes and on the evidence page. Links a reader clicks, never loaded.
def _cited_hosts() -> dict[str, str]:
    from urllib.parse import urlparse

    import hotpart as hp

    hosts = {urlparse(s.url).hostname for s in hp.SOURCES.values() if s.url}
    return {h: "a page hp.SOURCES cites, with its quoted sentence" for h in sorted(hosts) if h}


READER_LINK_HOSTS.update({h: why for h, why in _cited_hosts().items() if h not in READER_LINK_HOSTS})

# <link rel=...> kinds that name another host without loading anything from it.
LINK_RELS_NOT_LOADED: dict[str, str] = {
    "canonical": "the page's address in the published book (html.baseurl in _config.yml): a name, never fetched",
}

# Console messages that are not errors of the book, matched as substrings.
BENIGN_CONSOLE_ERRORS: dict[str, str] = {}
