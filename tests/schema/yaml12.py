"""YAML → JSON values as an editor's YAML language server sees them.

PyYAML reads YAML 1.1 (`yes` is a boolean, `010` is octal, `2024-01-01` a
date, `<<` merges); editors and handout read YAML 1.2's core schema, where
only true/false, null, and decimal, 0o and 0x numbers are typed. This loader
resolves plain scalars by the YAML 1.2 core schema only, keeps every mapping
key as the text written (handout reads keys by their text: `true:` in
`labels:` is the key "true"), and refuses what JSON cannot hold faithfully:
a key written twice, a key that is not a scalar, a tag it does not know.
"""
import math
import re

import yaml


class NotFaithful(Exception):
    """The file has something a JSON value cannot carry as handout reads it."""


class Yaml12Loader(yaml.SafeLoader):
    pass


Yaml12Loader.yaml_implicit_resolvers = {}


def _resolver(tag, pattern, first):
    Yaml12Loader.add_implicit_resolver(tag, re.compile(pattern, re.X), list(first))


_resolver("tag:yaml.org,2002:bool", r"^(?:true|True|TRUE|false|False|FALSE)$", "tTfF")
_resolver("tag:yaml.org,2002:null", r"^(?:~|null|Null|NULL|)$", ["~", "n", "N", ""])
_resolver("tag:yaml.org,2002:int", r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$", "-+0123456789")
_resolver("tag:yaml.org,2002:float",
          r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$",
          "-+0123456789.")


def _int(loader, node):
    text = loader.construct_scalar(node)
    if text.startswith("0o"):
        return int(text[2:], 8)
    if text.startswith("0x"):
        return int(text[2:], 16)
    return int(text, 10)


def _float(loader, node):
    text = loader.construct_scalar(node).lower()
    if text.endswith(".inf"):
        return -math.inf if text.startswith("-") else math.inf
    if text == ".nan":
        return math.nan
    return float(text)


def _bool(loader, node):
    return loader.construct_scalar(node).lower() == "true"


def _mapping(loader, node):
    loader.flatten_mapping(node)  # no-op: `<<` is no merge key in YAML 1.2
    result = {}
    for key_node, value_node in node.value:
        if not isinstance(key_node, yaml.ScalarNode):
            raise NotFaithful("a key that is not a scalar at line %d" % (key_node.start_mark.line + 1))
        key = key_node.value
        if key in result:
            raise NotFaithful("key '%s' written twice at line %d" % (key, key_node.start_mark.line + 1))
        result[key] = loader.construct_object(value_node, deep=True)
    return result


Yaml12Loader.add_constructor("tag:yaml.org,2002:int", _int)
Yaml12Loader.add_constructor("tag:yaml.org,2002:float", _float)
Yaml12Loader.add_constructor("tag:yaml.org,2002:bool", _bool)
Yaml12Loader.add_constructor("tag:yaml.org,2002:map", _mapping)


# As handout's loader: no more values than this once aliases are expanded
# (a "billion laughs" file would otherwise take a validator forever).
MAX_EXPANDED = 100_000


def _expanded_size(node, sizes, open_nodes):
    """The number of values under `node` once every alias is expanded."""
    key = id(node)
    if key in sizes:
        return sizes[key]
    if key in open_nodes:
        raise NotFaithful("an alias inside the value it names")
    open_nodes.add(key)
    size = 1
    if isinstance(node, yaml.SequenceNode):
        size += sum(_expanded_size(child, sizes, open_nodes) for child in node.value)
    elif isinstance(node, yaml.MappingNode):
        size += sum(_expanded_size(k, sizes, open_nodes) + _expanded_size(v, sizes, open_nodes)
                    for k, v in node.value)
    open_nodes.discard(key)
    sizes[key] = min(size, MAX_EXPANDED + 1)
    return sizes[key]


def load(text):
    """The one document of `text` as JSON values; raises NotFaithful or a
    yaml.YAMLError when it cannot be converted."""
    loader = Yaml12Loader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        if _expanded_size(node, {}, set()) > MAX_EXPANDED:
            raise NotFaithful("more than %d values once aliases are expanded" % MAX_EXPANDED)
        return loader.construct_document(node)
    except yaml.constructor.ConstructorError as e:
        raise NotFaithful(str(e).splitlines()[0]) from e
    except RecursionError as e:
        raise NotFaithful("nested too deeply") from e
    finally:
        loader.dispose()
