"""The vocabulary pidrdf emits: its own terms and the standard ones it reuses (DESIGN §6).

:class:`PIDRDF` is an rdflib ``DefinedNamespace`` mirroring ``ontologies/pidrdf.ttl``; a test
keeps the two in sync. The module-level ``str`` constants are the same IRIs as plain strings,
for the mapping's hot path, which never builds rdflib terms.
"""

from __future__ import annotations

from rdflib.namespace import DefinedNamespace, Namespace
from rdflib.term import URIRef

__all__ = ["NAMESPACE", "PIDRDF", "PREFIXES"]

NAMESPACE = "https://w3id.org/pidrdf#"


class PIDRDF(DefinedNamespace):
    """Terms of the pidrdf ontology (``https://w3id.org/pidrdf#``)."""

    _NS = Namespace(NAMESPACE)
    _fail = True

    # classes: handles
    Identifier: URIRef  # anything named by a persistent identifier pidrdf reads
    Handle: URIRef  # a resource named by a handle
    DOI: URIRef  # a resource named by a DOI
    NamingAuthority: URIRef  # a prefix handle 0.NA/{prefix}

    # properties: handles
    prefix: URIRef
    localName: URIRef
    namingAuthority: URIRef
    inScopeOf: URIRef

    # ---- Fedora (issue 3): add terms below, keep ontologies/pidrdf.ttl in step ----
    FedoraObject: URIRef  # a Fedora digital object, info:fedora/{pid}
    FedoraDissemination: URIRef  # a dissemination of a Fedora object
    FedoraDatastream: URIRef  # a datastream dissemination, info:fedora/{pid}/{dsid}
    FedoraMethodDissemination: URIRef  # info:fedora/{pid}/{sdef}/{method}[?params]
    FedoraDisseminationType: URIRef  # the same dissemination of any object, info:fedora/*/…
    MethodParameter: URIRef  # one name=value parameter of a method dissemination
    pid: URIRef  # the PID of the object (of the object a dissemination belongs to)
    pidNamespace: URIRef  # the namespace part of a PID
    objectId: URIRef  # the object-id part of a PID
    datastreamId: URIRef  # a datastream id (decoded)
    serviceDefinition: URIRef  # method dissemination -> its service definition object
    methodName: URIRef  # the method name of a method dissemination
    parameter: URIRef  # method dissemination -> one of its parameters
    parameterName: URIRef
    parameterValue: URIRef
    migratedTo: URIRef  # Fedora 3 object/datastream -> its HTTP resource in Fedora 4/5/6

    # ---- auth: (issue 4): add terms below, keep ontologies/pidrdf.ttl in step ----
    Authority: URIRef  # a resource named by an auth: URI
    DatedAuthority: URIRef  # an auth: URI limited to a period by its dates

    # SPARQL extension functions (pidrdf.sparql.functions), documented in the ontology
    authMatches: URIRef
    authInScope: URIRef
    authValidOn: URIRef


# Standard namespaces, bound in output graphs only when a triple uses them.
PREFIXES: dict[str, str] = {
    "pidrdf": NAMESPACE,
    "dcterms": "http://purl.org/dc/terms/",
    "owl": "http://www.w3.org/2002/07/owl#",
    "prov": "http://www.w3.org/ns/prov#",
    "rdf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
    "rdfs": "http://www.w3.org/2000/01/rdf-schema#",
    "schema": "https://schema.org/",
    "xsd": "http://www.w3.org/2001/XMLSchema#",
    "fedora-view": "info:fedora/fedora-system:def/view#",
    "fedora-model": "info:fedora/fedora-system:def/model#",
}

RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"
DCTERMS_IDENTIFIER = "http://purl.org/dc/terms/identifier"
DCTERMS_IS_PART_OF = "http://purl.org/dc/terms/isPartOf"
DCTERMS_VALID = "http://purl.org/dc/terms/valid"
DCTERMS_PERIOD = "http://purl.org/dc/terms/Period"
OWL_SAME_AS = "http://www.w3.org/2002/07/owl#sameAs"
PROV_SPECIALIZATION_OF = "http://www.w3.org/ns/prov#specializationOf"
SCHEMA_VALID_FROM = "https://schema.org/validFrom"
SCHEMA_VALID_THROUGH = "https://schema.org/validThrough"
FEDORA_VIEW = "info:fedora/fedora-system:def/view#"
FEDORA_DISSEMINATES = FEDORA_VIEW + "disseminates"
FEDORA_DISSEMINATION_TYPE = FEDORA_VIEW + "disseminationType"
