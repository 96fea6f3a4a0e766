// class-transformer keeps its decorators' metadata (@Type) in a singleton that its package index
// does not re-export; its CommonJS build has no typings beside it, its `types` folder has them.
declare module 'class-transformer/cjs/storage' {
  export { defaultMetadataStorage } from 'class-transformer/types/storage';
}

// Its transformer, which tests watch (its getKeys lists an object's keys in quadratic time).
declare module 'class-transformer/cjs/TransformOperationExecutor' {
  export { TransformOperationExecutor } from 'class-transformer/types/TransformOperationExecutor';
}
