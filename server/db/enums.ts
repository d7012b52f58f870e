import {
  contractEnum,
  type CatalogItemStatus,
  type ExperienceLevel,
  type NasotItemType,
  type OrganizationType,
  type ResourceType,
  type Role,
  type AuditEntityType,
  type UploadKind,
  type TransactionStatus,
  type TransactionType,
} from '../contract.ts';

// The value lists of the text columns that hold contract enums: they cannot drift from openapi.yaml.
export const ROLE_VALUES = contractEnum<Role>()(['ADMIN', 'DISTRICT_ADMIN', 'SCHOOL_ADMIN', 'USER', 'DEMO']);
export const ORGANIZATION_TYPES = contractEnum<OrganizationType>()(['DISTRICT', 'SCHOOL']);
export const NASOT_ITEM_TYPES = contractEnum<NasotItemType>()(['CATEGORY', 'STRAND', 'ELEMENT', 'STRATEGY']);
export const EXPERIENCE_LEVELS = contractEnum<ExperienceLevel>()(['NEW', 'ESTABLISHED', 'EXPERIENCED', 'VETERAN']);
export const RESOURCE_TYPES = contractEnum<ResourceType>()(['LEARNING_OBJECT', 'LIVESTREAM', 'PLAYLIST']);
export const TRANSACTION_TYPES = contractEnum<TransactionType>()(['CHARGE', 'VERIFICATION', 'REFUND']);
export const TRANSACTION_STATUSES = contractEnum<TransactionStatus>()(['SUCCEEDED', 'DECLINED']);
export const CATALOG_ITEM_STATUSES = contractEnum<CatalogItemStatus>()(['DRAFT', 'PUBLISHED', 'ARCHIVED']);
export const AUDIT_ENTITY_TYPES = contractEnum<AuditEntityType>()(['USER', 'ORGANIZATION', 'SUBSCRIPTION', 'CATALOG_ITEM', 'NASOT_ITEM', 'AUDIENCE', 'UPLOAD', 'ROSTER_IMPORT', 'ROSTER_SOURCE']);
export const UPLOAD_KINDS = contractEnum<UploadKind>()(['video', 'captions', 'poster', 'reproducible']);
